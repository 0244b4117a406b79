import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoleName } from '../../shared/roles';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../http/errors';
import type { Authenticator } from './sessions';
import { resolveScope, type CustomerScope } from './tenancy';
import { bearerToken, type Caller } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (login, health). */
    public?: boolean;
    /** Only these roles may call the route; any role when absent. */
    roles?: readonly RoleName[];
  }
  interface FastifyRequest {
    /** The signed-in caller; set on every non-public route. */
    caller: Caller;
    /** The customers the caller may see, resolved once per request. */
    scope(): Promise<CustomerScope>;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one place that decides who may call what: a valid bearer token of a live session on every
 * non-public route, the route's role list, and read-only Viewers. Tenancy is resolved here and
 * applied by the repositories through `request.scope()`.
 */
export function registerGuard(app: FastifyInstance, db: Db, auth: Authenticator): void {
  app.decorateRequest('caller', null as unknown as Caller);
  app.decorateRequest('scope', function (this: FastifyRequest) {
    return Promise.reject(new Error(`scope() on a public route: ${this.url}`));
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;

    const token = bearerToken(request.headers.authorization);
    // A revoked, expired or deleted user's session ends its tokens before their `exp`.
    const claims = token ? await auth.authenticate(token) : null;
    if (!claims) throw unauthorized();
    if (config.roles && !config.roles.includes(claims.role)) throw forbidden();
    if (claims.role === 'Viewer' && !READ_METHODS.has(request.method)) {
      throw forbidden('Viewers have read-only access');
    }

    const caller: Caller = {
      userId: claims.userId,
      role: claims.role,
      customerId: claims.customerId,
      isReseller: claims.isReseller,
    };
    request.caller = caller;
    let scope: Promise<CustomerScope> | undefined;
    request.scope = () => (scope ??= resolveScope(db, caller));
  });
}
