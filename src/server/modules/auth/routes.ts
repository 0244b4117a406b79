import { IdParamsSchema, LoginSchema } from '../../../shared/auth';
import { serverRoutes } from '../../../shared/api-paths';
import type { App } from '../../http/types';
import type { createAuthService } from './service';

export function authRoutes(app: App, service: ReturnType<typeof createAuthService>): void {
  app.post(
    serverRoutes.login,
    { config: { public: true }, schema: { tags: ['auth'], security: [], body: LoginSchema } },
    async (request, reply) => {
      try {
        return await service.login(request.body, request.ip);
      } catch (error) {
        const retryAfter = (error as { retryAfter?: number }).retryAfter;
        if (retryAfter) void reply.header('Retry-After', String(retryAfter));
        throw error;
      }
    },
  );

  app.get(
    serverRoutes.account,
    { schema: { tags: ['auth'], params: IdParamsSchema } },
    async (request) => service.account(request.params.id, await request.scope()),
  );
}
