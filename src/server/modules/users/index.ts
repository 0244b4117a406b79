import type { ServerModule } from '@server/modules/module';
import { userRoutes } from './routes';
import { createUserService } from './service';

/** Users: a customer's users, create, update (and one's own profile), delete. */
export const usersModule: ServerModule = {
  name: 'users',
  routes: (app, { db }) => {
    userRoutes(app, createUserService(db));
  },
};
