// Ending sign-ins from outside: password changes and the admin screens (users, customers).
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { sessions, users } from '@server/db/schema';
import { hashPassword } from '@server/auth/passwords';
import { forgetLiveSessions, markSessionsRevoked, revokeSessions } from '@server/auth/sessions';

/**
 * Ends every session of a user: their access tokens answer 401 from the next request on (in this
 * process; other processes within the session cache window) and refresh fails. Call it before
 * deleting a user too: the cascade alone removes the sessions, but a session this process
 * found live a moment ago would be believed for up to that window.
 */
export function revokeUserSessions(db: Db, userId: number): Promise<number> {
  return revokeSessions(db, eq(sessions.userId, userId));
}

/** Ends every session of every user of a customer (deactivated or deleted). */
export function revokeCustomerSessions(db: Db, customerId: number): Promise<number> {
  const ofCustomer = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.customerId, customerId));
  return revokeSessions(db, inArray(sessions.userId, ofCustomer));
}

/** Sets a new password and ends all of the user's sessions; false when there is no such user. */
export async function changePassword(
  db: Db,
  userId: number,
  newPassword: string,
): Promise<boolean> {
  const passwordHash = await hashPassword(newPassword);
  const result = await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) return null;
    return markSessionsRevoked(tx, eq(sessions.userId, userId));
  });
  // After the commit: a request racing it must not re-cache a session as live.
  if (result) forgetLiveSessions(result);
  return result !== null;
}
