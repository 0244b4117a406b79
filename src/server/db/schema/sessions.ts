// Sign-in sessions: what makes an access token revocable (docs/decisions/023).
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './tenants';

/**
 * One row per sign-in. Access tokens carry the session's id (`sid`) and are refused once the
 * session is revoked or expired; the refresh credential (kept as a SHA-256 hash) renews them.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Random, URL-safe; the `sid` claim of the session's access tokens. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the current refresh credential; rotated on every refresh. */
    refreshHash: text('refresh_hash').notNull(),
    /**
     * SHA-256 of the credential the last refresh replaced, and the salt its successor (the
     * current one) was derived with: for a short while after `refreshed_at` the replaced
     * credential still gets that same successor (two tabs renewing at once; docs/decisions/052).
     */
    previousHash: text('previous_hash'),
    successorSalt: text('successor_salt'),
    createdAt: createdAt(),
    /** Sign-in, then the last refresh (= the last rotation of the credential). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The session ends here at the latest, refreshed or not. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
