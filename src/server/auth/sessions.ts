// Sign-in sessions: what makes access tokens revocable and renewable (docs/decisions/023).
export { forgetLiveSessions, markSessionsRevoked, revokeSessions } from './live-sessions';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { liveSessions, revokeSessions } from './live-sessions';
import type { TokenClaims, TokenService } from './tokens';

const DAY_MS = 86_400_000;

export interface SessionPolicy {
  /** A session not refreshed for this long is over (sliding). */
  idleMs: number;
  /** A session is over this long after sign-in, refreshed or not. */
  maxMs: number;
  /** How long a session found live is believed without asking the database again. */
  cacheMs: number;
}

export const DEFAULT_SESSION_IDLE_DAYS = 7;
export const DEFAULT_SESSION_MAX_DAYS = 30;
export const SESSION_CACHE_MS = 5_000;

export const sessionPolicy = (
  idleDays = DEFAULT_SESSION_IDLE_DAYS,
  maxDays = DEFAULT_SESSION_MAX_DAYS,
  cacheMs = SESSION_CACHE_MS,
): SessionPolicy => ({ idleMs: idleDays * DAY_MS, maxMs: maxDays * DAY_MS, cacheMs });

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const SESSION_ID_BYTES = 16;
const SECRET_BYTES = 32;
// `<session id>.<secret>`, both base64url: the row is found by id, the secret checked by hash.
const REFRESH_FORMAT = /^([\w-]{22})\.([\w-]{43})$/;

/** A new refresh credential for a session; only its hash is stored. */
function newRefreshCredential(sessionId: string) {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { credential: `${sessionId}.${secret}`, hash: sha256(secret) };
}

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
  /** A replaced credential came back (stolen, or a copy): the session is revoked. */
  | { status: 'reused' };

export interface SessionStore {
  start(userId: number): Promise<IssuedRefresh>;
  /** Checks a refresh credential and replaces it (rotation); a replaced one ends the session. */
  refresh(credential: string): Promise<RefreshOutcome>;
  /** The session id of a refresh credential whose secret matches, or null. */
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

  return {
    async start(userId) {
      const now = clock();
      const sessionId = randomBytes(SESSION_ID_BYTES).toString('base64url');
      const { credential, hash } = newRefreshCredential(sessionId);
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
      const match = REFRESH_FORMAT.exec(presented);
      if (!match) return { status: 'invalid' };
      const [, sessionId = '', secret = ''] = match;
      const now = clock();
      const next = newRefreshCredential(sessionId);
      // Compare-and-swap: of two refreshes with the same credential only one can win.
      const [row] = await db
        .update(sessions)
        .set({ refreshHash: next.hash, refreshedAt: new Date(now) })
        .where(
          and(eq(sessions.id, sessionId), eq(sessions.refreshHash, sha256(secret)), liveAt(now)),
        )
        .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt });
      if (row) {
        return {
          status: 'ok',
          sessionId,
          userId: row.userId,
          credential: next.credential,
          cookieExpires: cookieExpires(now, row.expiresAt),
        };
      }
      // A live session whose credential has moved on: an old copy is in someone's hands.
      const revoked = await revokeSessions(
        db,
        and(eq(sessions.id, sessionId), liveAt(now)) as SQL,
        new Date(now),
      );
      return revoked > 0 ? { status: 'reused' } : { status: 'invalid' };
    },

    async sessionOf(presented) {
      const match = REFRESH_FORMAT.exec(presented);
      if (!match) return null;
      const [, sessionId = '', secret = ''] = match;
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.refreshHash, sha256(secret))));
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

/** Session-aware token checks, shared by the API guard and the hub. */
export interface Authenticator {
  tokens: TokenService;
  sessions: SessionStore;
  /** The claims of a valid token whose session is live; null otherwise (401). */
  authenticate(token: string): Promise<TokenClaims | null>;
}

export function createAuthenticator(tokens: TokenService, store: SessionStore): Authenticator {
  return {
    tokens,
    sessions: store,
    async authenticate(token) {
      const claims = tokens.verify(token);
      if (!claims) return null;
      return (await store.isLive(claims.sessionId, claims.userId)) ? claims : null;
    },
  };
}

/** Deletes long-ended sessions at start and daily (their rows only serve reuse detection). */
export function registerSessionPruning(app: FastifyInstance, store: SessionStore): void {
  let timer: NodeJS.Timeout | undefined;
  const prune = () =>
    store.prune().catch((error: unknown) => {
      app.log.warn({ err: error }, 'pruning sessions failed');
      return 0;
    });
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });
}
