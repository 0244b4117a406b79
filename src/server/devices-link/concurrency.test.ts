import { gt, max, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDeviceLinkApp } from './device-app';
import { messageCountsDaily, rawMessages } from '@server/db/schema';
import type { App } from '@server/http/types';
import { createTestContext, type TestContext } from '@server/test/harness';
import { post, someDevices } from '@server/test/device-link';

let ctx: TestContext;
let devicePortApp: App;
beforeAll(async () => {
  // A low threshold so the 200 messages below trigger PGlite's upkeep VACUUM.
  ctx = await createTestContext({ deviceLink: { vacuumEvery: 100 } });
  devicePortApp = await buildDeviceLinkApp({ link: ctx.app.deviceLink });
});
afterAll(async () => {
  await devicePortApp.close();
  await ctx.close();
});

const totalCounted = async () => {
  const [row] = await ctx.database.db
    .select({ n: sum(messageCountsDaily.total) })
    .from(messageCountsDaily);
  return Number(row?.n ?? 0);
};

describe('group commit', () => {
  it('stores 200 concurrent messages of many devices exactly once, in few transactions', async () => {
    const db = ctx.database.db;
    const fleet = await someDevices(db, 50);
    const [top] = await db.select({ id: max(rawMessages.id) }).from(rawMessages);
    const countedBefore = await totalCounted();
    const batchesBefore = ctx.app.deviceLink.stats().batches;

    // Four messages per device, half of them through the device port's own app.
    const bodies = Array.from({ length: 200 }, (_, i) => {
      const d = fleet[i % fleet.length];
      return JSON.stringify({ IMEI: d?.imei, Odo: i, Lat: 50 + i / 1000 });
    });
    const responses = await Promise.all(
      bodies.map((body, i) => post(ctx, body, i % 2 ? { app: devicePortApp } : {})),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(bodies.map(() => 200));

    const stored = await db
      .select({ message: rawMessages.message, deviceId: rawMessages.deviceId })
      .from(rawMessages)
      .where(gt(rawMessages.id, top?.id ?? 0));
    expect(stored.map((r) => r.message).sort()).toEqual([...bodies].sort());
    expect(await totalCounted()).toBe(countedBefore + 200);
    const batches = ctx.app.deviceLink.stats().batches - batchesBefore;
    expect(batches).toBeLessThan(200);
    expect(batches).toBeGreaterThan(0);
    // Each device's state holds its last message: the per-device order was kept.
    for (const d of fleet.slice(0, 5)) {
      const mineSeqs = bodies
        .map((b) => JSON.parse(b) as { IMEI: string; Odo: number })
        .filter((b) => b.IMEI === d.imei)
        .map((b) => b.Odo);
      const state = (await db.query.devices.findFirst({ where: (t, { eq }) => eq(t.id, d.id) }))
        ?.state;
      expect(state?.Odo).toBe(Math.max(...mineSeqs));
    }

    // Only PGlite lacks autovacuum (PostgreSQL's own does the job there); the link vacuums
    // before the first batch after the threshold.
    await post(ctx, bodies[0] ?? '');
    const vacuums = ctx.app.deviceLink.stats().vacuums;
    if (ctx.database.kind === 'pglite') expect(vacuums).toBeGreaterThan(0);
    else expect(vacuums).toBe(0);
  });

  it('serves only the device link on the device port', async () => {
    expect((await devicePortApp.inject({ url: '/api/health' })).statusCode).toBe(404);
    const [d] = await someDevices(ctx.database.db, 1);
    const response = await post(ctx, { IMEI: d?.imei }, { app: devicePortApp });
    expect(response.statusCode).toBe(200);
  });

  it('answers 500 to a message that cannot be stored, without failing its batch companions', async () => {
    const db = ctx.database.db;
    // A database-side failure for one kind of message, as a poison message would cause.
    await db.execute(sql`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin raise exception 'poisoned device message'; end $$`);
    await db.execute(sql`
      create trigger refuse_poison before update on devices
      for each row when (new.state->>'VIN' = 'POISON') execute function refuse_poison()`);
    try {
      const fleet = await someDevices(db, 20, 100);
      const [top] = await db.select({ id: max(rawMessages.id) }).from(rawMessages);
      const responses = await Promise.all(
        fleet.map((d, i) => post(ctx, { IMEI: d.imei, ...(i === 7 ? { VIN: 'POISON' } : {}) })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(
        fleet.map((_, i) => (i === 7 ? 500 : 200)),
      );
      const stored = await db
        .select({ deviceId: rawMessages.deviceId })
        .from(rawMessages)
        .where(gt(rawMessages.id, top?.id ?? 0));
      expect(stored).toHaveLength(19);
      expect(stored.map((r) => r.deviceId)).not.toContain(fleet[7]?.id);

      // When every message fails, none is acknowledged and nothing is stored.
      const all = await Promise.all(
        fleet.slice(0, 4).map((d) => post(ctx, { IMEI: d.imei, VIN: 'POISON' })),
      );
      expect(all.map((r) => r.statusCode)).toEqual([500, 500, 500, 500]);
      const afterAll = await db
        .select({ id: rawMessages.id })
        .from(rawMessages)
        .where(gt(rawMessages.id, top?.id ?? 0));
      expect(afterAll).toHaveLength(19);
      expect(ctx.app.deviceLink.stats().failedMessages).toBe(5);
    } finally {
      await db.execute(sql`drop trigger refuse_poison on devices`);
      await db.execute(sql`drop function refuse_poison`);
    }
  });
});
