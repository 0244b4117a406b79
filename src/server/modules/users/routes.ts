import { serverRoutes } from '@shared/api/api-paths';
import { CustomerIdParamsSchema } from '@shared/devices/device-requests';
import {
  UserCreateSchema,
  UserIdParamsSchema,
  UserListSchema,
  UserSaveSchema,
  UserSchema,
} from '@shared/access/users';
import type { App } from '@server/http/types';
import type { UserService } from './service';

const tags = ['users'];

/** Users (spec 02 §7): a customer's users, create, update (and the profile), delete. */
export function userRoutes(app: App, service: UserService): void {
  app.get(
    serverRoutes.usersOfCustomer,
    {
      config: { access: 'users.read' },
      schema: {
        tags,
        summary: 'The users of a customer (customer detail, the account page)',
        params: CustomerIdParamsSchema,
        response: { 200: UserListSchema },
      },
    },
    async (request) => service.ofCustomer(await request.scope(), request.params.customerId),
  );

  app.post(
    serverRoutes.users,
    {
      config: { access: 'users.create' },
      schema: {
        tags,
        summary: 'Create a user in the caller’s tree (only admins give the Admin role)',
        body: UserCreateSchema,
        response: { 200: UserSchema },
      },
    },
    async (request) => service.create(request.caller, await request.scope(), request.body),
  );

  app.put(
    serverRoutes.user,
    {
      config: { access: 'users.update' },
      schema: {
        tags,
        summary: 'Update a user, or one’s own profile (email and optionally a new password)',
        description:
          'A blank or absent password keeps the current one; an absent role or customer stays. ' +
          'A new password, role or customer ends the user’s sessions.',
        params: UserIdParamsSchema,
        body: UserSaveSchema,
        response: { 200: UserSchema },
      },
    },
    async (request) =>
      service.update(request.caller, await request.scope(), request.params.id, request.body),
  );

  app.delete(
    serverRoutes.user,
    {
      config: { access: 'users.delete' },
      schema: {
        tags,
        summary: 'Delete a user (not oneself); its sessions end at once',
        params: UserIdParamsSchema,
        response: { 200: UserSchema },
      },
    },
    async (request) => service.remove(request.caller, await request.scope(), request.params.id),
  );
}
