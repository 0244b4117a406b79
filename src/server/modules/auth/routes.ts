import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '@shared/api/api-paths';
import { LoginSchema } from '@shared/access/auth';
import { idParams } from '@shared/api/ids';

/** `auth/account/{id}`: a user id. */
const IdParamsSchema = idParams('id', 'user');
import { serverRoutes } from '@shared/api/api-paths';
import type { IssuedRefresh } from '@server/auth/sessions';
import { bearerToken } from '@server/auth/tokens';
import { emptyAnswer, messageAnswer } from '@server/http/error-responses';
import type { App } from '@server/http/types';
import type { createAuthService } from './service';

/** The refresh credential's cookie: script-proof, same-site only, sent to auth calls alone. */
export const REFRESH_COOKIE = 'fp_refresh';
const COOKIE_OPTIONS = {
  path: `${API_BASE}auth`,
  httpOnly: true,
  sameSite: 'strict',
} as const;

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, refresh: IssuedRefresh) {
  void reply.setCookie(REFRESH_COOKIE, refresh.credential, {
    ...COOKIE_OPTIONS,
    // `request.protocol` follows X-Forwarded-Proto only behind a trusted proxy.
    secure: request.protocol === 'https',
    expires: refresh.cookieExpires,
  });
  // Tokens and credentials must not sit in any cache.
  void reply.header('Cache-Control', 'no-store');
}

const clearRefreshCookie = (reply: FastifyReply) =>
  reply.clearCookie(REFRESH_COOKIE, COOKIE_OPTIONS);

export function authRoutes(app: App, service: ReturnType<typeof createAuthService>): void {
  app.post(
    serverRoutes.login,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        security: [],
        body: LoginSchema,
        response: {
          429: messageAnswer('Too many failed sign-ins from this address or for this account', {
            'Retry-After': { type: 'string', description: 'Seconds until the next try' },
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        const { response, refresh } = await service.login(request.body, request.ip);
        setRefreshCookie(request, reply, refresh);
        return response;
      } catch (error) {
        const retryAfter = (error as { retryAfter?: number }).retryAfter;
        if (retryAfter) void reply.header('Retry-After', String(retryAfter));
        throw error;
      }
    },
  );

  app.post(
    serverRoutes.refresh,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'A new access token for the refresh cookie (rotated on every use)',
        response: { 401: messageAnswer('No refresh cookie of a live session') },
      },
    },
    async (request, reply) => {
      try {
        const { response, refresh } = await service.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(request, reply, refresh);
        return response;
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    serverRoutes.logout,
    {
      // Public: an expired token or the refresh cookie alone may still end its session.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Ends the session of the bearer token (expired or not) or of the refresh cookie',
        response: { 204: emptyAnswer('The session has ended (or there was none)') },
      },
    },
    async (request, reply) => {
      await service.logout(
        bearerToken(request.headers.authorization),
        request.cookies[REFRESH_COOKIE],
      );
      clearRefreshCookie(reply);
      return reply.code(204).send();
    },
  );

  app.get(
    serverRoutes.account,
    { config: { access: 'session' }, schema: { tags: ['auth'], params: IdParamsSchema } },
    async (request) => service.account(request.params.id, await request.scope()),
  );
}
