import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { REFRESH_GRACE_MS } from '@server/auth/sessions';
import { sessions } from '@server/db/schema';
import type { App } from '@server/http/types';
import {
  createTestContext,
  TEST_SECRET,
  TEST_SECRETS_KEY,
  type TestContext,
} from '@server/test/harness';
import { claimsOf, refreshCookieOf, sessionCalls, signInOf } from '@server/test/session-calls';

// Two tabs (or the installed app and a tab) renewing one session at once (docs/decisions/052).
let ctx: TestContext;
// A second server process on the same database, as several behind one PostgreSQL.
let other: App;
beforeAll(async () => {
  ctx = await createTestContext();
  other = await buildApp({
    database: ctx.database,
    tokenSecret: TEST_SECRET,
    secretsKey: TEST_SECRETS_KEY,
  });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const calls = () => sessionCalls(ctx.app);
const dashboard = (token: string) => calls().dashboard(token);

/** Moves a session's last renewal back in time, as if `ms` had passed since. */
const ageLastRenewal = (sessionId: string, ms: number) =>
  ctx.database.db
    .update(sessions)
    .set({ refreshedAt: sql`${sessions.refreshedAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(sessions.id, sessionId));

describe('POST auth/refresh, several at once with one cookie', () => {
  it('answers all of five with one successor, which then renews the session', async () => {
    const first = await calls().login();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => calls().refresh(first.refresh)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const renewed = answers.map(signInOf);
    // Every tab ends up with the same cookie: no fork, nothing for reuse detection to catch.
    expect(new Set(renewed.map((r) => r.refresh)).size).toBe(1);
    const [successor] = renewed;
    if (!successor) throw new Error('no answer');
    expect(successor.refresh).not.toBe(first.refresh);
    for (const { token } of renewed) expect((await dashboard(token)).statusCode).toBe(200);
    const next = signInOf(await calls().refresh(successor.refresh));
    expect(next.refresh).not.toBe(successor.refresh);
    expect((await dashboard(next.token)).statusCode).toBe(200);
  });

  it('answers alike when they reach two server processes of one database', async () => {
    const first = await calls().login();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sessionCalls(i % 2 ? other : ctx.app).refresh(first.refresh),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const renewed = answers.map(signInOf);
    expect(new Set(renewed.map((r) => r.refresh)).size).toBe(1);
    for (const { token } of renewed) expect((await dashboard(token)).statusCode).toBe(200);
  });

  it('still ends the whole session when a replaced cookie comes back after the window', async () => {
    const first = await calls().login();
    const [second, third] = (
      await Promise.all([calls().refresh(first.refresh), calls().refresh(first.refresh)])
    ).map(signInOf);
    if (!second || !third) throw new Error('no answer');
    await ageLastRenewal(String(claimsOf(first.token).sid), REFRESH_GRACE_MS + 1_000);

    const reused = await calls().refresh(first.refresh);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: 'Your session has ended. Please log in.' });
    expect(refreshCookieOf(reused).value).toBe('');
    // Everyone holding this session is out: the thief and the owner alike.
    for (const { token } of [first, second, third]) {
      expect((await dashboard(token)).statusCode).toBe(401);
    }
    expect((await calls().refresh(second.refresh)).statusCode).toBe(401);
    expect((await sessionCalls(other).refresh(second.refresh)).statusCode).toBe(401);
  });
});
