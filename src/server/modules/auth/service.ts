import type { Account, LoginInput, LoginResponse } from '../../../shared/auth';
import type { Db } from '../../db/client';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import type { LoginThrottle } from '../../auth/login-throttle';
import type { CustomerScope } from '../../auth/tenancy';
import type { TokenService } from '../../auth/tokens';
import { HttpError, notFound } from '../../http/errors';
import { findUserByEmail, findUserInScope, type UserRecord } from './repository';

export const INVALID_LOGIN = 'Invalid email or password';

export function createAuthService(db: Db, tokens: TokenService, throttle: LoginThrottle) {
  return {
    async login({ Email, Password }: LoginInput, ip: string): Promise<LoginResponse> {
      const wait = throttle.retryAfter(Email, ip);
      if (wait > 0) {
        const error = new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
        );
        throw Object.assign(error, { retryAfter: wait });
      }
      const user = await findUserByEmail(db, Email);
      // Verify even for unknown accounts so the answer time does not reveal which exist.
      const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, Password);
      if (!user || !valid) {
        throttle.recordFailure(Email, ip);
        throw new HttpError(400, INVALID_LOGIN);
      }
      throttle.recordSuccess(Email);
      const { token, expires } = tokens.issue({
        userId: user.id,
        role: user.role,
        customerId: user.customerId,
        isReseller: user.isReseller,
      });
      return { AccessToken: token, Auth: { ...toAccount(user), Expires: expires } };
    },

    async account(id: number, scope: CustomerScope): Promise<Account> {
      const user = await findUserInScope(db, id, scope);
      if (!user) throw notFound('Account not found');
      return toAccount(user);
    },
  };
}

function toAccount(user: UserRecord): Account {
  return {
    Id: user.id,
    Email: user.email,
    Role: user.role,
    CustomerId: user.customerId,
    Customer: user.customer,
    IsReseller: user.isReseller,
    Features: user.features,
  };
}
