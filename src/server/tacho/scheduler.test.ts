import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TACHO_COMMANDS, TACHO_KINDS, TACHO_UNKNOWN_PERIOD } from '@shared/tacho/tacho';
import { selectRows } from '@server/db/client';
import {
  authServers,
  companyCardDevices,
  companyCards,
  customers,
  logs,
  modemRequests,
  tachoRequests,
} from '@server/db/schema';
import { customerId, deviceOf, type DemoDevice } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { addDownload, clearTacho, daysBefore } from '@server/test/tacho-downloads';
import { runTachoScheduler } from './scheduler';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

const NOW = new Date('2030-01-01T12:00:00.000Z');
const HOUR_MS = 3_600_000;
const { vehicle, driver } = TACHO_KINDS;

async function authServer(customer: number, status: 0 | 1) {
  const [row] = await db()
    .insert(authServers)
    .values({
      customerId: customer,
      name: 'RDL',
      ip: '203.0.113.1',
      devicePort: 1,
      port: 2,
      status,
    })
    .returning({ id: authServers.id });
  return row?.id ?? 0;
}

async function companyCard(
  customer: number,
  server: number,
  validUntil: Date,
  serves: number[] = [],
) {
  const [row] = await db()
    .insert(companyCards)
    .values({
      customerId: customer,
      authServerId: server,
      cardNumber: `C${customer}${server}`.padEnd(16, '0'),
      companyName: 'Test',
      validUntil,
    })
    .returning({ id: companyCards.id });
  const id = row?.id ?? 0;
  if (serves.length)
    await db()
      .insert(companyCardDevices)
      .values(serves.map((deviceId) => ({ cardId: id, deviceId })));
  return id;
}

/** Every request made so far, as 'IMEI command'. */
async function requested(): Promise<string[]> {
  const rows = await db()
    .select({ imei: sql<string>`d.imei`, command: modemRequests.command })
    .from(tachoRequests)
    .innerJoin(modemRequests, eq(modemRequests.id, tachoRequests.modemRequestId))
    .innerJoin(sql`devices d`, sql`d.id = ${tachoRequests.deviceId}`)
    .orderBy(asc(tachoRequests.id));
  return rows.map((r) => `${r.imei} ${r.command}`);
}

let lastLogId = 0;
/** The operator log entries written since the last call. */
async function newLogs() {
  const rows = await db().select().from(logs).where(gt(logs.id, lastLogId)).orderBy(asc(logs.id));
  lastLogId = rows.at(-1)?.id ?? lastLogId;
  return rows.map((r) => ({ customerId: r.customerId, level: r.level, message: r.message }));
}

let atlas: number;
let hansen: number;
let nordtrack: number;
let vega: number;
const devicesOf: Record<string, DemoDevice[]> = {};

beforeAll(async () => {
  atlas = await customerId(ctx, 'Atlas Freight');
  hansen = await customerId(ctx, 'Hansen Transport');
  nordtrack = await customerId(ctx, 'NordTrack Resellers');
  vega = await customerId(ctx, 'Vega Logistics');
  for (const name of ['Atlas Freight', 'Hansen Transport', 'NordTrack Resellers', 'Vega Logistics'])
    devicesOf[name] = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => deviceOf(ctx, name, n)));
});

beforeEach(async () => {
  await clearTacho(db());
  await db().delete(companyCardDevices);
  await db().delete(companyCards);
  await db().delete(authServers);
  await db().update(customers).set({ tachoRequestDays: 7 });
  await newLogs();
});

const device = (customer: string, n: number): DemoDevice => {
  const found = devicesOf[customer]?.[n];
  if (!found) throw new Error(`no device ${n} of ${customer}`);
  return found;
};

/** Atlas Freight's due and not-due vehicles and drivers (threshold 7 days, `NOW`). */
async function atlasDownloads() {
  const add = (n: number, kind: 1 | 2, subject: string, daysAgo: number, card?: string) =>
    addDownload(db(), {
      deviceId: device('Atlas Freight', n).id,
      kind,
      subject,
      periodTo: daysBefore(NOW, daysAgo),
      ...(card ? { cardNumber: card } : {}),
    });
  await add(0, vehicle, 'DUE-6', 84); // 90 - 84 = 6 days left: due
  await add(1, vehicle, 'OK-7', 82.5); // 7.5 → 7 days left: not below 7
  await add(2, vehicle, 'OVERDUE', 200); // -110 days left: due, first
  await addDownload(db(), {
    deviceId: device('Atlas Freight', 3).id,
    kind: vehicle,
    subject: 'UNKNOWN',
    periodTo: new Date(TACHO_UNKNOWN_PERIOD),
  });
  await add(4, driver, 'Due Driver', 24.5, 'NL00000000000001'); // 30 - 24.5 → 5: due
  await add(5, driver, 'Fine Driver', 22.5, 'NL00000000000002'); // 7.5 → 7: not due
}

describe('runTachoScheduler', () => {
  it('requests the due vehicles and drivers, fewest days left first, once per day each', async () => {
    await atlasDownloads();
    const server = await authServer(atlas, 1);
    await companyCard(atlas, server, new Date(+NOW + 30 * 24 * HOUR_MS));

    const summary = await runTachoScheduler(db(), { now: NOW });
    expect(summary.requested).toBe(3);
    expect(await requested()).toEqual([
      `${device('Atlas Freight', 2).imei} ${TACHO_COMMANDS.massMemory}`,
      `${device('Atlas Freight', 4).imei} ${TACHO_COMMANDS.driverCard('NL00000000000001')}`,
      `${device('Atlas Freight', 0).imei} ${TACHO_COMMANDS.massMemory}`,
    ]);
    const rows = await db().select().from(tachoRequests);
    expect(rows.every((r) => r.requestedBy === 'scheduler' && +r.created === +NOW)).toBe(true);
    expect(await newLogs()).toEqual([
      {
        customerId: atlas,
        level: 'Information',
        message:
          'Tacho download scheduler (days left below 7): requested downloads of 2 vehicles and 1 driver card',
      },
    ]);

    // Within the hour: nothing again, and nothing to say.
    expect((await runTachoScheduler(db(), { now: new Date(+NOW + HOUR_MS) })).requested).toBe(0);
    expect(await newLogs()).toEqual([]);
    // A day later they are asked again, with the two whose days left dropped below 7 meanwhile.
    expect((await runTachoScheduler(db(), { now: new Date(+NOW + 25 * HOUR_MS) })).requested).toBe(
      5,
    );
  });

  it('skips customers without a valid card or whose server is down, and says why', async () => {
    const add = (customer: string, subject: string) =>
      addDownload(db(), {
        deviceId: device(customer, 0).id,
        kind: vehicle,
        subject,
        periodTo: daysBefore(NOW, 95),
      });
    await add('Hansen Transport', 'HANSEN-1');
    await add('NordTrack Resellers', 'NORD-1');
    await add('Vega Logistics', 'VEGA-1');
    // Hansen: a valid card on a server that is down; NordTrack: an up server, an expired card.
    await companyCard(hansen, await authServer(hansen, 0), new Date(+NOW + HOUR_MS));
    await companyCard(nordtrack, await authServer(nordtrack, 1), new Date(+NOW - HOUR_MS));
    // Vega lacks the Tacho Download feature: not even a log entry, whatever its cards.
    await companyCard(vega, await authServer(vega, 1), new Date(+NOW + HOUR_MS));

    const summary = await runTachoScheduler(db(), { now: NOW });
    expect(summary.requested).toBe(0);
    expect(await requested()).toEqual([]);
    const entries = await newLogs();
    expect(entries).toHaveLength(2);
    expect(entries).toContainEqual({
      customerId: hansen,
      level: 'Warning',
      message:
        'Tacho download scheduler (days left below 7): 1 vehicle not requested: authentication server down',
    });
    expect(entries).toContainEqual({
      customerId: nordtrack,
      level: 'Warning',
      message:
        'Tacho download scheduler (days left below 7): 1 vehicle not requested: no valid company card',
    });
    // Skipped ones are not "asked": once the server is up they are requested at once.
    await db().update(authServers).set({ status: 1 });
    expect((await runTachoScheduler(db(), { now: NOW })).requested).toBe(1);
  });

  it("uses each customer's own threshold", async () => {
    await companyCard(hansen, await authServer(hansen, 1), new Date(+NOW + HOUR_MS));
    await addDownload(db(), {
      deviceId: device('Hansen Transport', 1).id,
      kind: vehicle,
      subject: 'HANSEN-9',
      periodTo: daysBefore(NOW, 81), // 9 days left
    });
    expect((await runTachoScheduler(db(), { now: NOW })).requested).toBe(0);
    await db().update(customers).set({ tachoRequestDays: 10 }).where(eq(customers.id, hansen));
    expect((await runTachoScheduler(db(), { now: NOW })).requested).toBe(1);
    expect((await newLogs()).at(-1)?.message).toBe(
      'Tacho download scheduler (days left below 10): requested downloads of 1 vehicle',
    );
  });

  it('asks vehicles only through a card that serves them when cards list devices', async () => {
    await atlasDownloads();
    const server = await authServer(atlas, 1);
    // The only card listing devices serves the overdue vehicle alone.
    await companyCard(atlas, server, new Date(+NOW + HOUR_MS), [device('Atlas Freight', 2).id]);
    await runTachoScheduler(db(), { now: NOW });
    expect(await requested()).toEqual([
      `${device('Atlas Freight', 2).imei} ${TACHO_COMMANDS.massMemory}`,
      `${device('Atlas Freight', 4).imei} ${TACHO_COMMANDS.driverCard('NL00000000000001')}`,
    ]);
    expect((await newLogs()).map((e) => e.message)).toEqual([
      'Tacho download scheduler (days left below 7): requested downloads of 1 vehicle and 1 driver card; 1 vehicle not requested: no valid company card serves the device',
    ]);
  });

  it('requests at most a batch per run and leaves the rest for the next', async () => {
    await atlasDownloads();
    await companyCard(atlas, await authServer(atlas, 1), new Date(+NOW + HOUR_MS));
    expect((await runTachoScheduler(db(), { now: NOW, batch: 2 })).requested).toBe(2);
    expect((await newLogs()).map((e) => e.message)).toEqual([
      'Tacho download scheduler (days left below 7): requested downloads of 1 vehicle and 1 driver card; 1 vehicle left for the next run',
    ]);
    expect((await runTachoScheduler(db(), { now: NOW, batch: 2 })).requested).toBe(1);
    expect(await requested()).toHaveLength(3);
  });

  it('leaves a vehicle that moved to another customer alone', async () => {
    await companyCard(atlas, await authServer(atlas, 1), new Date(+NOW + HOUR_MS));
    const moved = device('Atlas Freight', 0);
    await addDownload(db(), {
      deviceId: moved.id,
      kind: vehicle,
      subject: 'MOVED',
      periodTo: daysBefore(NOW, 100),
    });
    await db().execute(sql`update devices set customer_id = ${hansen} where id = ${moved.id}`);
    try {
      expect((await runTachoScheduler(db(), { now: NOW })).requested).toBe(0);
    } finally {
      await db().execute(sql`update devices set customer_id = ${atlas} where id = ${moved.id}`);
    }
    const [row] = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from tacho_requests`,
    );
    expect(row?.n).toBe(0);
  });
});
