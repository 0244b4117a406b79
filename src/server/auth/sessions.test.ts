import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/harness';
import {
  createAuthenticator,
  createSessionStore,
  revokeSessions,
  sessionPolicy,
  type IssuedRefresh,
  type RefreshOutcome,
  type SessionStore,
} from './sessions';
import { createTokenService } from './tokens';

const DAY = 86_400_000;
let ctx: TestContext;
let userId: number;
// A clock the tests move, so idle and absolute limits are reached without waiting.
let now = Date.UTC(2026, 0, 1, 12);
const clock = () => now;
let store: SessionStore;

beforeAll(async () => {
  ctx = await createTestContext();
  const [user] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'user@demo.test'));
  userId = user?.id ?? 0;
  store = createSessionStore(ctx.database.db, sessionPolicy(7, 30), clock);
});
afterAll(() => ctx.close());

function issued(outcome: RefreshOutcome): IssuedRefresh {
  if (outcome.status !== 'ok') throw new Error(`refresh: ${outcome.status}`);
  return outcome;
}

describe('session store', () => {
  it('starts a live session whose refresh credential is stored only as a hash', async () => {
    const session = await store.start(userId);
    expect(session.credential).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(session.credential.startsWith(`${session.sessionId}.`)).toBe(true);
    expect(session.cookieExpires.getTime()).toBe(now + 7 * DAY);
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, session.sessionId));
    expect(row?.refreshHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(session.credential.split('.')[1]);
    expect(row?.expiresAt.getTime()).toBe(now + 30 * DAY);
    expect(await store.isLive(session.sessionId, userId)).toBe(true);
    expect(await store.isLive(session.sessionId, userId + 1)).toBe(false);
  });

  it('rotates the credential on every refresh; the replaced one ends the session', async () => {
    const first = await store.start(userId);
    const second = issued(await store.refresh(first.credential));
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.credential).not.toBe(first.credential);
    const third = issued(await store.refresh(second.credential));

    // The first credential again: someone holds a copy. The whole session ends.
    expect(await store.refresh(first.credential)).toEqual({ status: 'reused' });
    expect(await store.isLive(first.sessionId, userId)).toBe(false);
    expect(await store.refresh(third.credential)).toEqual({ status: 'invalid' });
  });

  it('answers parallel refreshes with one credential with one and the same successor', async () => {
    const session = await store.start(userId);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => store.refresh(session.credential)),
    );
    const successors = new Set(outcomes.map((outcome) => issued(outcome).credential));
    expect(successors.size).toBe(1);
    const [successor = ''] = successors;
    expect(successor).not.toBe(session.credential);
    expect(await store.isLive(session.sessionId, userId)).toBe(true);
    // The successor is the session's credential now: it renews, and the chain goes on.
    const next = issued(await store.refresh(successor));
    expect(next.credential).not.toBe(successor);
    expect(issued(await store.refresh(next.credential)).sessionId).toBe(session.sessionId);
  });

  it('gives a just-replaced credential its successor for 30 s, then ends the session', async () => {
    const session = await store.start(userId);
    const successor = issued(await store.refresh(session.credential)).credential;
    now += 29_000;
    // A second tab, or an answer lost on the way: the same successor, no fork.
    expect(issued(await store.refresh(session.credential)).credential).toBe(successor);
    expect(await store.sessionOf(session.credential)).toBe(session.sessionId);
    now += 1_000;
    // Past the window it is a replay: the whole session ends, the successor with it.
    expect(await store.refresh(session.credential)).toEqual({ status: 'reused' });
    expect(await store.isLive(session.sessionId, userId)).toBe(false);
    expect(await store.refresh(successor)).toEqual({ status: 'invalid' });
  });

  it('ends the session for a credential two rotations old, even within the window', async () => {
    const session = await store.start(userId);
    const second = issued(await store.refresh(session.credential));
    issued(await store.refresh(second.credential));
    expect(await store.refresh(session.credential)).toEqual({ status: 'reused' });
    expect(await store.isLive(session.sessionId, userId)).toBe(false);
  });

  it('keeps nothing that gives the successor away without the replaced secret', async () => {
    const session = await store.start(userId);
    const successor = issued(await store.refresh(session.credential)).credential;
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, session.sessionId));
    const stored = JSON.stringify(row);
    for (const credential of [session.credential, successor]) {
      expect(stored).not.toContain(credential.split('.')[1]);
    }
  });

  it('refuses malformed and unknown credentials without touching any session', async () => {
    const session = await store.start(userId);
    for (const credential of [
      '',
      'x',
      `${session.sessionId}.short`,
      `${'a'.repeat(22)}.${'b'.repeat(43)}`,
    ]) {
      expect(await store.refresh(credential)).toEqual({ status: 'invalid' });
    }
    expect(await store.isLive(session.sessionId, userId)).toBe(true);
  });

  it('ends a session idle for 7 days, and any session 30 days after sign-in', async () => {
    const start = now;
    const idle = await store.start(userId);
    const busy = await store.start(userId);
    let credential = busy.credential;
    // Refreshed every 6 days, a session slides on…
    for (let refreshes = 0; refreshes < 4; refreshes++) {
      now += 6 * DAY;
      credential = issued(await store.refresh(credential)).credential;
    }
    expect(await store.refresh(idle.credential)).toEqual({ status: 'invalid' });
    expect(await store.isLive(idle.sessionId, userId)).toBe(false);
    now = start + 29 * DAY;
    const late = issued(await store.refresh(credential));
    // …its cookie goes with the session's end, not 7 days later…
    expect(late.cookieExpires.getTime()).toBe(start + 30 * DAY);
    expect(await store.isLive(busy.sessionId, userId)).toBe(true);
    // …and not past its 30th day.
    now = start + 30 * DAY;
    expect(await store.isLive(busy.sessionId, userId)).toBe(false);
    expect(await store.refresh(late.credential)).toEqual({ status: 'invalid' });
  });

  it('ends a session at once, also one the cache holds as live', async () => {
    const session = await store.start(userId);
    expect(await store.isLive(session.sessionId, userId)).toBe(true);
    await store.end(session.sessionId);
    expect(await store.isLive(session.sessionId, userId)).toBe(false);
    expect(await store.refresh(session.credential)).toEqual({ status: 'invalid' });
  });

  it('believes a cached live session for the cache window only, unless revoked here', async () => {
    const session = await store.start(userId);
    expect(await store.isLive(session.sessionId, userId)).toBe(true);
    // Revoked behind this process's back (another server process): seen after the window.
    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: new Date(now) })
      .where(eq(sessions.id, session.sessionId));
    expect(await store.isLive(session.sessionId, userId)).toBe(true);
    now += 5_000;
    expect(await store.isLive(session.sessionId, userId)).toBe(false);

    const other = await store.start(userId);
    expect(await store.isLive(other.sessionId, userId)).toBe(true);
    await revokeSessions(ctx.database.db, eq(sessions.id, other.sessionId));
    expect(await store.isLive(other.sessionId, userId)).toBe(false);
  });

  it('prunes sessions that ended more than a day ago', async () => {
    const ended = await store.start(userId);
    await store.end(ended.sessionId);
    const live = await store.start(userId);
    now += 2 * DAY;
    expect(await store.prune()).toBeGreaterThan(0);
    const ids = (await ctx.database.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id);
    expect(ids).not.toContain(ended.sessionId);
    expect(ids).toContain(live.sessionId);
  });
});

describe('authenticator', () => {
  it('accepts a signed token only while its session is live', async () => {
    const tokens = createTokenService('sessions-test-secret-long-enough', 900);
    const auth = createAuthenticator(tokens, store);
    const session = await store.start(userId);
    const caller = { userId, role: 'User', customerId: 3, isReseller: false } as const;
    const { token } = tokens.issue(caller, session.sessionId);
    expect(await auth.authenticate(token)).toEqual({ ...caller, sessionId: session.sessionId });
    expect(await auth.authenticate(tokens.issue(caller, 'no-such-session').token)).toBeNull();
    await store.end(session.sessionId);
    expect(await auth.authenticate(token)).toBeNull();
  });
});
