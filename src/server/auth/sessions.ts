// Sign-in sessions: what makes access tokens revocable and renewable (docs/decisions/023).
export { forgetLiveSessions, markSessionsRevoked, revokeSessions } from './live-sessions';
export {
  createAuthenticator,
  registerSessionPruning,
  type Authenticator,
} from './session-authenticator';
import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { sessions } from '@server/db/schema';
import { liveSessions, revokeSessions } from './live-sessions';
import {
  firstCredential,
  newSessionId,
  newSuccessorSalt,
  parseCredential,
  successorOf,
} from './refresh-credentials';

const DAY_MS = 86_400_000;

export interface SessionPolicy {
  /** A session not refreshed for this long is over (sliding). */
  idleMs: number;
  /** A session is over this long after sign-in, refreshed or not. */
  maxMs: number;
  /** How long a session found live is believed without asking the database again. */
  cacheMs: number;
  /** How long a just-replaced refresh credential still gets its successor (decision 052). */
  graceMs: number;
}

export const DEFAULT_SESSION_IDLE_DAYS = 7;
export const DEFAULT_SESSION_MAX_DAYS = 30;
export const SESSION_CACHE_MS = 5_000;
export const REFRESH_GRACE_MS = 30_000;

export const sessionPolicy = (
  idleDays = DEFAULT_SESSION_IDLE_DAYS,
  maxDays = DEFAULT_SESSION_MAX_DAYS,
  cacheMs = SESSION_CACHE_MS,
  graceMs = REFRESH_GRACE_MS,
): SessionPolicy => ({ idleMs: idleDays * DAY_MS, maxMs: maxDays * DAY_MS, cacheMs, graceMs });

export interface IssuedRefresh {
  sessionId: string;
  userId: number;
  /** The new refresh credential (the cookie's value). */
  credential: string;
  /** When the cookie should go: the idle limit, or the session's end if sooner. */
  cookieExpires: Date;
}

export type RefreshOutcome =
  | ({ status: 'ok' } & IssuedRefresh)
  /** Unknown, malformed, expired or revoked: nothing changed. */
  | { status: 'invalid' }
  /** A credential replaced before the grace window came back (stolen, or a copy): revoked. */
  | { status: 'reused' };

export interface SessionStore {
  start(userId: number): Promise<IssuedRefresh>;
  /**
   * Checks a refresh credential and replaces it (rotation). The credential just replaced gets
   * the same successor for the grace window; any older one ends the session.
   */
  refresh(credential: string): Promise<RefreshOutcome>;
  /** The session id of a current (or just replaced) refresh credential, or null. */
  sessionOf(credential: string): Promise<string | null>;
  end(sessionId: string): Promise<void>;
  /** Whether the session exists, belongs to the user, and is neither revoked nor over. */
  isLive(sessionId: string, userId: number): Promise<boolean>;
  /** Deletes sessions that ended more than a day ago. */
  prune(): Promise<number>;
}

export function createSessionStore(
  db: Db,
  policy: SessionPolicy,
  clock: () => number = Date.now,
): SessionStore {
  const liveAt = (now: number) =>
    and(
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, new Date(now)),
      gt(sessions.refreshedAt, new Date(now - policy.idleMs)),
    );
  const cookieExpires = (now: number, expiresAt: Date) =>
    new Date(Math.min(now + policy.idleMs, expiresAt.getTime()));
  // The credential the last refresh replaced, within the grace window of that refresh.
  const justReplaced = (hash: string, now: number) =>
    and(eq(sessions.previousHash, hash), gt(sessions.refreshedAt, new Date(now - policy.graceMs)));
  const issued = (
    sessionId: string,
    row: { userId: number; expiresAt: Date },
    credential: string,
    now: number,
  ): RefreshOutcome => ({
    status: 'ok',
    sessionId,
    userId: row.userId,
    credential,
    cookieExpires: cookieExpires(now, row.expiresAt),
  });

  return {
    async start(userId) {
      const now = clock();
      const sessionId = newSessionId();
      const { credential, hash } = firstCredential(sessionId);
      const expiresAt = new Date(now + policy.maxMs);
      await db.insert(sessions).values({
        id: sessionId,
        userId,
        refreshHash: hash,
        createdAt: new Date(now),
        refreshedAt: new Date(now),
        expiresAt,
      });
      return { sessionId, userId, credential, cookieExpires: cookieExpires(now, expiresAt) };
    },

    async refresh(presented) {
      const previous = parseCredential(presented);
      if (!previous) return { status: 'invalid' };
      const { sessionId } = previous;
      const now = clock();
      const salt = newSuccessorSalt();
      const next = successorOf(previous, salt);
      // Compare-and-swap on the stored hash: of several refreshes with one credential (also on
      // other server processes) exactly one rotates it; the others wait for its row lock, then
      // find the hash moved on and take the grace path below. `previous_hash = refresh_hash`
      // reads the row as it was before this update.
      const [rotated] = await db
        .update(sessions)
        .set({
          previousHash: sql`${sessions.refreshHash}`,
          refreshHash: next.hash,
          successorSalt: salt,
          refreshedAt: new Date(now),
        })
        .where(
          and(eq(sessions.id, sessionId), eq(sessions.refreshHash, previous.hash), liveAt(now)),
        )
        .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt });
      if (rotated) return issued(sessionId, rotated, next.credential, now);

      // Replaced a moment ago (another tab, a lost answer): the same successor, no fork.
      const [recent] = await db
        .select({
          userId: sessions.userId,
          expiresAt: sessions.expiresAt,
          refreshHash: sessions.refreshHash,
          successorSalt: sessions.successorSalt,
        })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), justReplaced(previous.hash, now), liveAt(now)));
      if (recent?.successorSalt) {
        const successor = successorOf(previous, recent.successorSalt);
        if (successor.hash === recent.refreshHash) {
          return issued(sessionId, recent, successor.credential, now);
        }
      }

      // A live session shown a credential it replaced earlier: an old copy is in someone's hands.
      const revoked = await revokeSessions(
        db,
        and(eq(sessions.id, sessionId), liveAt(now)) as SQL,
        new Date(now),
      );
      return revoked > 0 ? { status: 'reused' } : { status: 'invalid' };
    },

    async sessionOf(presented) {
      const credential = parseCredential(presented);
      if (!credential) return null;
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.id, credential.sessionId),
            or(eq(sessions.refreshHash, credential.hash), justReplaced(credential.hash, clock())),
          ),
        );
      return row?.id ?? null;
    },

    async end(sessionId) {
      await revokeSessions(db, eq(sessions.id, sessionId), new Date(clock()));
    },

    async isLive(sessionId, userId) {
      const now = clock();
      const cached = liveSessions.entries.get(sessionId);
      if (cached && cached.until > now) return cached.userId === userId;
      const generation = liveSessions.generation;
      const [row] = await db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), liveAt(now)));
      if (!row) {
        liveSessions.entries.delete(sessionId);
        return false;
      }
      if (policy.cacheMs > 0 && generation === liveSessions.generation) {
        if (liveSessions.entries.size >= liveSessions.maxEntries) liveSessions.entries.clear();
        const until = Math.min(now + policy.cacheMs, row.expiresAt.getTime());
        liveSessions.entries.set(sessionId, { userId: row.userId, until });
      }
      return row.userId === userId;
    },

    async prune() {
      const cutoff = clock() - DAY_MS;
      const rows = await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, new Date(cutoff)),
            lt(sessions.revokedAt, new Date(cutoff)),
            lt(sessions.refreshedAt, new Date(cutoff - policy.idleMs)),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}
