import type { ServerModule } from '@server/modules/module';
import { logLockouts } from './lockout-log';
import { authRoutes } from './routes';
import { createAuthService } from './service';

/** Sign-in, token renewal, logout and the account of `auth/account/{id}`; lock-outs are logged. */
export const authModule: ServerModule = {
  name: 'auth',
  routes(app, { db, auth, throttle }) {
    authRoutes(app, createAuthService(db, auth, throttle));
    logLockouts(throttle, db, app.log);
  },
};
