/**
 * Rollouts at fleet scale: a firmware mass update over 100,000 devices, previewed and started
 * through the real API (goal: preview <= 1 s, start <= 2 s). The fleet is the devices/tacho
 * benchmarks' (bench/dataset.ts), all moved into one customer: device type 4 on firmware
 * 1.00.00, nine in ten heard from within 24 hours, one in 32 of another type (incompatible).
 * A firmware for type 4 with a 64 KiB file is uploaded as the Firmware screen does. The API runs
 * in a fresh process of its own (bench/rollouts-server.ts), the loader having let go.
 *
 * Preview: one first call, then PREVIEW_RUNS more (min / median / max). Start creates 100,000
 * rollout_devices rows and answers; the engine then releases a 10% canary (timed from the call
 * to its settings pending, polled every 25 ms); a second start would find every device busy,
 * so each START_RUNS run is cancelled afterwards (cancel timed too). Between start and cancel,
 * what the rollout screen polls every 2 s: the rollout and a page of its pending devices.
 * bench/rollouts-fleet.ts runs a rollout to the end with 1,000 simulated devices.
 *
 *   npm run bench -- --only rollouts     (BENCH_DATABASE_URL adds PostgreSQL)
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { libraryApiPaths as paths } from '../src/shared/libraries/api-paths-libraries';
import type { Rollout, RolloutDevice } from '../src/shared/libraries/rollout-views';
import { canarySize, type RolloutPreview } from '../src/shared/libraries/rollouts';
import { selectRows, settleAfterBulkLoad, type Db } from '../src/server/db/client';
import { freshDatabase, loadProductionScale, type DatabaseKind } from './dataset';
import { atMost, printBlock, type Metric, type Outcome } from './report';
import { startRolloutServer, type RolloutServer } from './rollouts-api';
import { median, round, timed } from './stats';

const PREVIEW_RUNS = 5;
const START_RUNS = 3;
/** GETs of the rollout and of its pending devices per start run. */
const POLLS = 10;
/** How often the canary's release is looked for after a start. */
const RELEASE_POLL_MS = 25;
const GOAL_MS = { preview: 1000, start: 2000 };
const FIRMWARE_BYTES = 64 * 1024;
const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** Every device into one new customer, as the module comment says; answers its id. */
async function putFleetInScope(db: Db): Promise<number> {
  const [customer] = await selectRows<{ id: number }>(
    db,
    sql`insert into customers (name) values ('Rollout Bench Fleet') returning id`,
  );
  if (!customer) throw new Error('no customer');
  await db.execute(sql`update devices set customer_id = ${customer.id},
      device_type = case when id % 32 = 0 then 1 else 4 end,
      firmware = '1.00.00',
      current_config = current_config || '{"Firmware":"1.00.00"}',
      config_overlay = config_overlay - 'Firmware',
      last_msg = case when id % 10 = 3
        then now() - interval '30 hours' - (id % 1000) * interval '1 minute'
        else now() - (id % 1380) * interval '1 minute' end`);
  return customer.id;
}

const stats = (ms: readonly number[]) => ({
  min: round(Math.min(...ms)),
  median: round(median(ms)),
  max: round(Math.max(...ms)),
});
const summary = (ms: readonly number[]) => {
  const s = stats(ms);
  return `min ${String(s.min)} / median ${String(s.median)} / max ${String(s.max)} ms`;
};

interface StartRun {
  startMs: number;
  /** From the start call to the canary's settings pending (the engine's release). */
  releasedMs: number;
  cancelMs: number;
  devices: number;
  canary: number;
  getMs: number[];
  pageMs: number[];
}

/** One start, the screen's polls, and the cancel that frees the devices for the next run. */
async function startRun(server: RolloutServer, target: object, change: number): Promise<StartRun> {
  const t0 = performance.now();
  const started = await server.ok<Rollout>('POST', paths.rollouts, {
    Target: target,
    CanaryPercent: 10,
  });
  const [canary, rest] = started.body.Stages;
  const expected = canarySize(change, 10);
  if (canary?.Counts.waiting !== expected || rest?.Counts.waiting !== change - expected)
    throw new Error(`unexpected stages ${JSON.stringify(started.body.Stages)}`);
  // The engine releases the canary after the answer: until its settings are pending.
  let rollout = started.body;
  while (rollout.Stages[0]?.Counts.pending !== expected) {
    if (performance.now() - t0 > 60_000) throw new Error('canary not released within 60 s');
    await new Promise((resolve) => setTimeout(resolve, RELEASE_POLL_MS));
    rollout = (await server.ok<Rollout>('GET', paths.rollout(rollout.Id))).body;
  }
  const releasedMs = performance.now() - t0;
  const getMs: number[] = [];
  const pageMs: number[] = [];
  for (let i = 0; i < POLLS; i++) {
    getMs.push((await server.ok<Rollout>('GET', paths.rollout(rollout.Id))).ms);
    const page = await server.ok<RolloutDevice[]>(
      'GET',
      `${paths.rolloutDevices(rollout.Id)}?state=pending`,
    );
    if (page.body.length !== 100) throw new Error(`a page of ${String(page.body.length)} devices`);
    pageMs.push(page.ms);
  }
  const cancelled = await server.ok<Rollout>('POST', paths.rolloutAction(rollout.Id, 'cancel'));
  if (cancelled.body.State !== 'cancelled') throw new Error('not cancelled');
  return {
    startMs: started.ms,
    releasedMs,
    cancelMs: cancelled.ms,
    devices: canary.Devices + rest.Devices,
    canary: expected,
    getMs,
    pageMs,
  };
}

export async function benchRolloutScale(kind: DatabaseKind, adminUrl?: string): Promise<Outcome> {
  const label = LABEL[kind];
  console.log(`[rollouts/${label}] loading 100,000 devices…`);
  const fresh = await freshDatabase(kind, adminUrl);
  let server: RolloutServer | undefined;
  try {
    const { db } = fresh.database;
    const load = await loadProductionScale(fresh.database, { messages: 0 });
    const { value: customerId, ms: scopeMs } = await timed(async () => {
      const id = await putFleetInScope(db);
      await settleAfterBulkLoad(db);
      await db.execute(sql`checkpoint`);
      return id;
    });
    console.log(
      `  all devices into one customer, vacuum analyze: ${String(round(scopeMs / 1000))} s`,
    );
    // PGlite admits one process at a time: the loader lets go before the API opens it.
    await fresh.release();
    server = await startRolloutServer(fresh.options, randomBytes(32).toString('base64url'), false);
    const firmware = await server.addFirmware('9.00.00', 4, randomBytes(FIRMWARE_BYTES));
    const target = { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmware.Id };

    const previews: { ms: number; body: RolloutPreview }[] = [];
    for (let i = 0; i <= PREVIEW_RUNS; i++)
      previews.push(await server.ok<RolloutPreview>('POST', paths.rolloutPreview, target));
    const [first, ...warm] = previews;
    if (!first) throw new Error('no preview');
    const counts = first.body.Counts;
    const inScope = Object.values(counts).reduce((a, b) => a + b, 0);
    if (inScope !== load.devices || counts.offline === 0 || counts.incompatible === 0)
      throw new Error(`unexpected preview ${JSON.stringify(counts)} of ${String(load.devices)}`);

    const runs: StartRun[] = [];
    for (let i = 0; i < START_RUNS; i++) runs.push(await startRun(server, target, counts.change));

    const previewMs = warm.map((p) => p.ms);
    const getMs = runs.flatMap((r) => r.getMs);
    const pageMs = runs.flatMap((r) => r.pageMs);
    const name = `${label} rollouts`;
    const metrics: Metric[] = [
      { name: `${name} preview, first call`, value: round(first.ms), unit: 'ms' },
      { name: `${name} preview median`, value: stats(previewMs).median, unit: 'ms' },
      {
        name: `${name} preview max`,
        value: stats(previewMs).max,
        unit: 'ms',
        goal: atMost(GOAL_MS.preview),
      },
      ...runs.flatMap((r, i): Metric[] => [
        {
          name: `${name} start run ${String(i + 1)}`,
          value: round(r.startMs),
          unit: 'ms',
          goal: atMost(GOAL_MS.start),
        },
        {
          name: `${name} start to canary pending run ${String(i + 1)}`,
          value: round(r.releasedMs),
          unit: 'ms',
        },
        { name: `${name} cancel run ${String(i + 1)}`, value: round(r.cancelMs), unit: 'ms' },
      ]),
      { name: `${name} GET rollout median`, value: stats(getMs).median, unit: 'ms' },
      { name: `${name} GET pending page median`, value: stats(pageMs).median, unit: 'ms' },
    ];
    printBlock(`rollouts on ${label}: preview and start at ${String(load.devices)} devices`, [
      `${String(load.devices)} devices loaded in ${String(load.totalSeconds)} s, into one ` +
        `customer in ${String(round(scopeMs / 1000))} s; firmware ${firmware.Version} ` +
        `(${String(FIRMWARE_BYTES / 1024)} KiB file)`,
      `preview groups: ${JSON.stringify(counts)}`,
      `preview: first call ${String(round(first.ms))} ms; then ${String(PREVIEW_RUNS)} runs ` +
        `${summary(previewMs)} (goal <= ${String(GOAL_MS.preview)} ms)`,
      ...runs.map(
        (r, i) =>
          `start run ${String(i + 1)}: ${String(round(r.startMs))} ms for ${String(r.devices)} ` +
          `devices (goal <= ${String(GOAL_MS.start)} ms); canary of ${String(r.canary)} ` +
          `pending ${String(round(r.releasedMs))} ms after the call; ` +
          `cancel ${String(round(r.cancelMs))} ms`,
      ),
      `GET rollouts/{id} (${String(getMs.length)}): ${summary(getMs)}`,
      `GET rollouts/{id}/devices?state=pending (${String(pageMs.length)}): ${summary(pageMs)}`,
    ]);
    return {
      metrics,
      details: {
        database: kind,
        load,
        scopeMs,
        counts,
        previewMs: previews.map((p) => p.ms),
        runs,
      },
    };
  } finally {
    await server?.stop();
    await fresh.dispose();
  }
}
