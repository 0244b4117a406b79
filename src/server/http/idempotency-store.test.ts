import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, users } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/harness';
import { claimKey, completeKey, findKey, pruneKeys, requestHash } from './idempotency-store';

const DAY = 86_400_000;

describe('requestHash', () => {
  const body = { IMEI: '1', SettingsList: [{ SettingName: 'a', Value: '1' }] };

  it('is the same for the same request, whatever the order of object keys', () => {
    const reordered = { SettingsList: [{ Value: '1', SettingName: 'a' }], IMEI: '1' };
    expect(requestHash('POST', '/api/x', body)).toBe(requestHash('post', '/api/x', reordered));
    expect(requestHash('DELETE', '/api/x/1', undefined)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs by method, path, body and the order of list items', () => {
    const hash = requestHash('POST', '/api/x', body);
    expect(requestHash('PUT', '/api/x', body)).not.toBe(hash);
    expect(requestHash('POST', '/api/y', body)).not.toBe(hash);
    expect(requestHash('POST', '/api/x', { ...body, IMEI: '2' })).not.toBe(hash);
    const two = [
      { SettingName: 'a', Value: '1' },
      { SettingName: 'a', Value: '2' },
    ];
    expect(requestHash('POST', '/api/x', { SettingsList: two })).not.toBe(
      requestHash('POST', '/api/x', { SettingsList: [...two].reverse() }),
    );
  });
});

describe('the key store', () => {
  let ctx: TestContext;
  let userId: number;
  const claim = (key: string) => ({ userId, key, method: 'POST', path: '/p', requestHash: 'h' });
  const keys = async () =>
    (
      await ctx.database.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.userId, userId))
    )
      .map((r) => r.key)
      .sort();

  beforeAll(async () => {
    ctx = await createTestContext();
    const [user] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'user@demo.test'));
    userId = user?.id ?? 0;
  });
  afterAll(() => ctx.close());

  it('prunes expired keys when the server starts', async () => {
    const { db } = ctx.database;
    await db.insert(idempotencyKeys).values({
      ...claim('from-last-year'),
      createdAt: new Date(Date.now() - 365 * DAY),
    });
    await db.insert(idempotencyKeys).values(claim('fresh'));
    await ctx.app.ready();
    expect(await keys()).toEqual(['fresh']);
  });

  it('claims a key once and keeps its response', async () => {
    const { db } = ctx.database;
    expect(await claimKey(db, claim('once'))).toBe(true);
    expect(await claimKey(db, claim('once'))).toBe(false);
    await completeKey(db, userId, 'once', {
      statusCode: 200,
      body: '{"ok":true}',
      contentType: 'application/json',
    });
    expect(await findKey(db, userId, 'once')).toMatchObject({
      requestHash: 'h',
      statusCode: 200,
      responseBody: '{"ok":true}',
    });
  });

  it('keeps keys 30 days and prunes older ones', async () => {
    const { db } = ctx.database;
    const now = new Date('2026-06-30T12:00:00Z');
    const aged = (key: string, days: number) =>
      db
        .insert(idempotencyKeys)
        .values({ ...claim(key), createdAt: new Date(now.getTime() - days * DAY) });
    await db.delete(idempotencyKeys);
    await aged('31-days', 31);
    await aged('30-days-and-a-minute', 30 + 1 / 1440);
    await aged('29-days', 29);
    await aged('today', 0);
    expect(await pruneKeys(db, now)).toBe(2);
    expect(await keys()).toEqual(['29-days', 'today']);
    expect(await pruneKeys(db, now)).toBe(0);
  });
});
