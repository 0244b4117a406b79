import type { Account, LoginInput, LoginResponse } from '@shared/access/auth';
import { roleClass } from '@shared/access/permissions';
import type { Db } from '@server/db/client';
import { DUMMY_HASH, verifyPassword } from '@server/auth/passwords';
import type { LoginThrottle } from '@server/auth/login-throttle';
import type { Authenticator, IssuedRefresh } from '@server/auth/sessions';
import type { CustomerScope } from '@server/auth/tenancy';
import { HttpError, notFound, unauthorized } from '@server/errors/http-errors';
import { findUserByEmail, findUserById, findUserInScope, type UserRecord } from './repository';

export const INVALID_LOGIN = 'Invalid email or password';
/** Said only after a right password, so it tells nobody else that the account exists. */
export const CUSTOMER_DEACTIVATED = 'The customer of this account has been deactivated.';

/** The throttle's wait in words: its short slow-down in seconds, its blocks in minutes. */
const tryAgainIn = (seconds: number) =>
  seconds < 60
    ? `Try again in ${seconds} second(s).`
    : `Try again in ${Math.ceil(seconds / 60)} minute(s).`;

/** A sign-in or refresh: the client's answer, and the refresh credential for its cookie. */
export interface SignedIn {
  response: LoginResponse;
  refresh: IssuedRefresh;
}

export const SESSION_ENDED = 'Your session has ended. Please log in.';

export function createAuthService(db: Db, auth: Authenticator, throttle: LoginThrottle) {
  const signedIn = (user: UserRecord, refresh: IssuedRefresh): SignedIn => {
    const { token, expires } = auth.tokens.issue(
      {
        userId: user.id,
        // The token carries the permission class: a custom role is allowed what User is.
        role: roleClass(user.role),
        customerId: user.customerId,
        isReseller: user.isReseller,
      },
      refresh.sessionId,
    );
    return {
      response: { AccessToken: token, Auth: { ...toAccount(user), Expires: expires } },
      refresh,
    };
  };

  return {
    async login({ Email, Password }: LoginInput, ip: string): Promise<SignedIn> {
      // Admitted attempts count as failed until recordSuccess (auth/login-throttle.ts).
      const wait = throttle.admit(Email, ip);
      if (wait > 0) {
        const error = new HttpError(429, `Too many failed sign-in attempts. ${tryAgainIn(wait)}`);
        throw Object.assign(error, { retryAfter: wait });
      }
      const user = await findUserByEmail(db, Email);
      // Verify even for unknown accounts so the answer time does not reveal which exist.
      const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, Password);
      if (!user || !valid) {
        throw new HttpError(400, INVALID_LOGIN);
      }
      // Not a success for the throttle either: nobody signs in to a deactivated customer.
      if (user.deactivated) throw new HttpError(400, CUSTOMER_DEACTIVATED);
      throttle.recordSuccess(Email, ip);
      return signedIn(user, await auth.sessions.start(user.id));
    },

    /** A new access token (and rotated refresh credential) for the cookie's live session. */
    async refresh(credential: string | undefined): Promise<SignedIn> {
      const outcome = credential ? await auth.sessions.refresh(credential) : null;
      if (outcome?.status !== 'ok') throw unauthorized(SESSION_ENDED);
      // Role, customer and features are read again: a change shows with the next token.
      const user = await findUserById(db, outcome.userId);
      if (!user || user.deactivated) throw unauthorized(SESSION_ENDED);
      return signedIn(user, outcome);
    },

    /**
     * Ends the session of the bearer token, expired or not (a client back from a long time
     * offline still signs out), else the one of the refresh cookie. Nothing to end is no error.
     */
    async logout(bearer: string | null, credential: string | undefined): Promise<void> {
      const claims = bearer ? auth.tokens.verifyIgnoringExpiry(bearer) : null;
      const sessionId =
        claims?.sessionId ?? (credential ? await auth.sessions.sessionOf(credential) : null);
      if (sessionId) await auth.sessions.end(sessionId);
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
