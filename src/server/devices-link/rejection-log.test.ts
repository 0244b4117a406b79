import { desc, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_SIGNATURE_HEADER, DEVICE_TIMESTAMP_HEADER } from '@shared/devices/device-link';
import { logs } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/harness';
import { post } from '@server/test/device-link';
import { createRejectionLog } from './rejections';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const newestId = async () =>
  (await ctx.database.db.select({ id: logs.id }).from(logs).orderBy(desc(logs.id)).limit(1))[0]
    ?.id ?? 0;

/** The entries written after `since`, oldest first. */
const entriesAfter = async (since: number, pattern = '%') =>
  (
    await ctx.database.db
      .select({ level: logs.level, message: logs.message })
      .from(logs)
      .where(gt(logs.id, since))
      .orderBy(logs.id)
  ).filter((e) => new RegExp(pattern.replaceAll('%', '.*')).test(e.message));

/** The link writes its entries after answering: wait until they are there. */
async function eventually<T>(read: () => Promise<T[]>, length: number): Promise<T[]> {
  for (let i = 0; i < 50; i++) {
    const rows = await read();
    if (rows.length >= length) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return read();
}

describe('device-link rejects in the operator log', () => {
  it('logs an unsigned message, a stale clock and a malformed one, once per address and reason', async () => {
    const since = await newestId();
    for (let i = 0; i < 3; i++)
      expect((await post(ctx, { IMEI: '350000000000001' }, { credential: null })).statusCode).toBe(
        401,
      );
    const stale = await post(
      ctx,
      { IMEI: '350000000000001' },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect(stale.statusCode).toBe(401);
    const malformed = await post(ctx, '{"Lat": 5}');
    expect(malformed.statusCode).toBe(400);

    const entries = await eventually(() => entriesAfter(since, 'Device message from%'), 3);
    expect(entries).toEqual([
      { level: 'Warning', message: 'Device message from address 127.0.0.1 rejected: not signed' },
      {
        level: 'Warning',
        message: 'Device message from address 127.0.0.1 rejected: device clock off',
      },
      {
        level: 'Warning',
        message:
          'Device message from address 127.0.0.1 rejected: malformed (The message has no IMEI (1 to 20 digits))',
      },
    ]);
    // Neither the signature nor the body is ever logged.
    const all = JSON.stringify(await entriesAfter(since));
    expect(all).not.toContain('"Lat"');
    expect(all).not.toContain(DEVICE_SIGNATURE_HEADER);
    expect(all).not.toContain(DEVICE_TIMESTAMP_HEADER);
  });

  it('throttles one source and reason to an entry per interval that counts the ones between', async () => {
    const rejections = createRejectionLog(ctx.database.db, 200);
    const since = await newestId();
    const wrong = {
      reason: 'unknown device or wrong credential',
      imei: '350000000000777',
    } as const;
    await rejections.write([wrong, wrong, wrong]);
    await rejections.write([{ ...wrong, imei: '350000000000778' }]);
    expect(await entriesAfter(since)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await rejections.write([wrong]);
    const about777 = await ctx.database.db
      .select({ message: logs.message })
      .from(logs)
      .where(like(logs.message, '%350000000000777%'));
    expect(about777.map((e) => e.message)).toEqual([
      'Device message from IMEI 350000000000777 rejected: unknown device or wrong credential',
      'Device message from IMEI 350000000000777 rejected: unknown device or wrong credential; 2 more since the previous entry',
    ]);
  });
});
