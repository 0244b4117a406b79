import { gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logs } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const signIn = (email: string, password: string, peer: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { Email: email, Password: password },
    remoteAddress: peer,
  });

const newestId = async () =>
  (await ctx.database.db.select({ id: max(logs.id) }).from(logs))[0]?.id ?? 0;

const blockedAfter = async (since: number) =>
  (
    await ctx.database.db
      .select({ id: logs.id, level: logs.level, message: logs.message })
      .from(logs)
      .where(gt(logs.id, since))
      .orderBy(logs.id)
  ).filter((r) => r.message.startsWith('Sign-in blocked'));

/**
 * The entry is written beside the refused answer, so wait until one shows (a loaded CI machine
 * took more than the 100 ms this once slept), then a moment more to catch a second one.
 */
async function entriesAfter(since: number) {
  await vi.waitFor(
    async () => {
      if ((await blockedAfter(since)).length === 0) throw new Error('no lock-out entry yet');
    },
    { timeout: 10_000, interval: 50 },
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  return blockedAfter(since);
}

describe('sign-in lock-outs in the operator log', () => {
  it('writes one entry when an account and address pair is blocked, without the password', async () => {
    const since = await newestId();
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await signIn('User@demo.test', 'secret-guess-1', '192.0.2.50')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const entries = await entriesAfter(since);
    expect(entries.map((e) => [e.level, e.message])).toEqual([
      [
        'Warning',
        'Sign-in blocked for 15 minutes for account user@demo.test from address 192.0.2.50: too many failed attempts',
      ],
    ]);
    expect(JSON.stringify(entries)).not.toContain('secret-guess');
  });

  it('writes one entry when an address trying many accounts is blocked', async () => {
    const since = await newestId();
    for (let i = 0; i < 23; i++) await signIn(`nobody${i}@demo.test`, 'x-guess', '192.0.2.60');
    const entries = await entriesAfter(since);
    expect(entries.map((e) => e.message)).toEqual([
      'Sign-in blocked for 15 minutes for address 192.0.2.60 (many accounts): too many failed attempts',
    ]);
  });
});
