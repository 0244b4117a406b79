import {
  AuthServerCreateSchema,
  AuthServerIdParamsSchema,
  AuthServerSchema,
  AuthServerUpdateSchema,
} from '@shared/access/auth-servers';
import { tachoServerRoutes } from '@shared/tacho/api-paths-tacho';
import type { App } from '@server/http/types';
import type { AuthServerService } from './service';

const tags = ['authservers'];
const write = { access: 'authServers.write' } as const;
const one = { 200: AuthServerSchema };

/** Authentication servers besides the list (spec 02 §7): create, update, remove. */
export function authServerRoutes(app: App, service: AuthServerService): void {
  app.post(
    tachoServerRoutes.authServers.first,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an authentication server; answers it',
        body: AuthServerCreateSchema,
        response: one,
      },
    },
    async (request) => service.create(request.caller, await request.scope(), request.body),
  );
  app.put(
    tachoServerRoutes.authServer,
    {
      config: write,
      schema: {
        tags,
        summary: 'Update an authentication server; a password left blank (or the mask) stays',
        params: AuthServerIdParamsSchema,
        body: AuthServerUpdateSchema,
        response: one,
      },
    },
    async (request) =>
      service.update(request.caller, await request.scope(), request.params.id, request.body),
  );
  app.delete(
    tachoServerRoutes.authServer,
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove an authentication server; refused (400) while company cards use it',
        params: AuthServerIdParamsSchema,
        response: one,
      },
    },
    async (request) => service.remove(request.caller, await request.scope(), request.params.id),
  );
}
