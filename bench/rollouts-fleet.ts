/**
 * A rollout from start to all applied, driven by 1,000 simulated trackers over HTTP: the demo
 * seed grown to 1,200 devices (each with a device-link credential), 1,000 of them moved into one
 * customer (device type 4, firmware 1.00.00, heard from now), a firmware for type 4 with a
 * 64 KiB file (a sixth of the 384 KiB limit, a small application image). The API and its device
 * port run in a process of their own (bench/rollouts-server.ts, rollout engine at its defaults);
 * this process runs the simulator (src/server/simulator: a message every second per device,
 * settings applied after 50–250 ms, nothing refused, the file fetched in 16 KiB ranges) and,
 * once every device has talked, starts the rollout with the defaults (canary 10%) and polls it
 * every 250 ms, as the screen does, until it is completed. Reports the time to the canary done
 * (rest started) and to all applied as the server recorded them (and as the poll saw them), how
 * long each device took, the device link's throughput and latency as the devices saw it, and
 * failures (none expected).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { libraryApiPaths as paths } from '../src/shared/libraries/api-paths-libraries';
import type { Rollout, RolloutDevice } from '../src/shared/libraries/rollout-views';
import { createSecretBox } from '../src/server/auth/secret-box';
import { selectRows, settleAfterBulkLoad, type Db } from '../src/server/db/client';
import { seedDemo } from '../src/server/seed/demo';
import type { SimulatorCounters } from '../src/server/simulator/counters';
import { createSimulator, type Simulator } from '../src/server/simulator/simulator';
import { freshDatabase, type DatabaseKind } from './dataset';
import { atMost, printBlock, type Metric, type Outcome } from './report';
import { startRolloutServer, type RolloutServer } from './rollouts-api';
import { linkRecorder, type LinkSummary, type RequestSummary } from './rollouts-link';
import { percentile, round } from './stats';

const DEVICES = 1000;
const INTERVAL_MS = 1000;
const APPLY_DELAY_MS = [50, 250] as const;
const CHUNK_BYTES = 16 * 1024;
const FIRMWARE_BYTES = 64 * 1024;
const POLL_MS = 250;
/** Every device has talked (and applied the seed's pending settings) before the start. */
const WARMUP_MS = 5000;
const TIMEOUT_MS = 300_000;
const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** DEVICES devices into a customer of their own, as the module comment says. */
async function prepareFleet(db: Db): Promise<{ customerId: number; imeis: string[] }> {
  const [customer] = await selectRows<{ id: number }>(
    db,
    sql`insert into customers (name) values ('Rollout Bench Trackers') returning id`,
  );
  if (!customer) throw new Error('no customer');
  const rows = await selectRows<{ imei: string }>(
    db,
    sql`update devices set customer_id = ${customer.id}, device_type = 4, last_msg = now(),
        firmware = '1.00.00', current_config = current_config || '{"Firmware":"1.00.00"}',
        config_overlay = config_overlay - 'Firmware'
      where id in (select id from devices order by id limit ${DEVICES})
      returning imei`,
  );
  return { customerId: customer.id, imeis: rows.map((r) => r.imei) };
}

/** Polls the rollout until it is completed; fails when it pauses or takes too long. */
async function follow(server: RolloutServer, id: number, t0: number) {
  let canaryDoneS = Number.NaN;
  for (;;) {
    const { body } = await server.ok<Rollout>('GET', paths.rollout(id));
    const s = (performance.now() - t0) / 1000;
    if (body.Stage === 1 && Number.isNaN(canaryDoneS)) canaryDoneS = s;
    if (body.State === 'completed') return { canaryDoneS, completedS: s, final: body };
    if (body.State !== 'running')
      throw new Error(`rollout ${body.State}: ${body.PauseReason ?? ''}`);
    if (s * 1000 > TIMEOUT_MS) throw new Error(`not completed: ${JSON.stringify(body.Stages)}`);
    await sleep(POLL_MS);
  }
}

const delta = (after: SimulatorCounters, before: SimulatorCounters) => ({
  acknowledged: after.acknowledged - before.acknowledged,
  settingsFailed: after.settingsFailed - before.settingsFailed,
  filesFetched: after.libraryFilesFetched - before.libraryFilesFetched,
});

/** From the start request to the rollout completed, the simulator running. */
async function measure(server: RolloutServer, simulator: Simulator, target: object) {
  const before = simulator.counters();
  const serverBefore = await server.stats();
  const t0 = performance.now();
  const started = await server.ok<Rollout>('POST', paths.rollouts, { Target: target });
  const progress = await follow(server, started.body.Id, t0);
  const wallS = (performance.now() - t0) / 1000;
  const sim = delta(simulator.counters(), before);
  const serverAfter = await server.stats();
  const cpuS = (serverAfter.cpuMs - serverBefore.cpuMs) / 1000;
  return { ...progress, wallS, sim, cpuS, maxStallMs: serverAfter.maxStallMs };
}

/** Seconds from the canary's start to `iso`, as the server recorded them. */
const sinceStart = (rollout: Rollout, iso: string | null | undefined) =>
  round((Date.parse(iso ?? '') - Date.parse(rollout.Stages[0]?.StartedAt ?? '')) / 1000, 2);

/** Per stage, how long after the stage started its devices were applied (p50 / p90 / max s). */
async function appliedAfter(server: RolloutServer, rollout: Rollout): Promise<string[]> {
  const devices: RolloutDevice[] = [];
  for (let after = ''; ;) {
    const page = await server.ok<RolloutDevice[]>('GET', paths.rolloutDevices(rollout.Id) + after);
    devices.push(...page.body);
    const last = page.body.at(-1);
    if (!last) break;
    after = `?after=${String(last.DeviceId)}`;
  }
  return rollout.Stages.map((stage) => {
    const started = Date.parse(stage.StartedAt ?? '');
    const s = devices
      .filter((d) => d.Stage === stage.Index)
      .map((d) => (Date.parse(d.UpdatedAt) - started) / 1000);
    const at = (p: number) => String(round(percentile(s, p), 2));
    return `${stage.Name} ${at(50)} / ${at(90)} / ${at(100)} s`;
  });
}

const requests = (r: RequestSummary) =>
  `${String(r.requests)} (p50 ${String(r.p50Ms)} ms, p99 ${String(r.p99Ms)} ms, max ` +
  `${String(r.maxMs)} ms, ${String(r.failed)} failed${r.firstError ? `: ${r.firstError}` : ''})`;

export async function benchRolloutFleet(kind: DatabaseKind, adminUrl?: string): Promise<Outcome> {
  const label = LABEL[kind];
  const fresh = await freshDatabase(kind, adminUrl);
  let server: RolloutServer | undefined;
  try {
    const secretsKey = randomBytes(32).toString('base64url');
    const { db } = fresh.database;
    const seeded = await seedDemo(db, {
      secrets: createSecretBox(secretsKey),
      devices: DEVICES + 200,
    });
    const { customerId, imeis } = await prepareFleet(db);
    await settleAfterBulkLoad(db);
    // PGlite admits one process at a time: the loader lets go before the server opens it.
    await fresh.release();
    server = await startRolloutServer(fresh.options, secretsKey, true);
    const firmware = await server.addFirmware('9.00.00', 4, randomBytes(FIRMWARE_BYTES));
    const link = linkRecorder();
    const simulator = createSimulator({
      url: server.deviceUrl ?? '',
      devices: imeis.map((imei) => ({
        imei,
        credential: seeded.deviceCredentials.get(imei) ?? '',
      })),
      intervalMs: INTERVAL_MS,
      applyDelayMs: APPLY_DELAY_MS,
      refuseRate: 0,
      libraryChunkBytes: CHUNK_BYTES,
      seed: 13,
      fetch: link.fetch,
    });
    const target = { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmware.Id };
    simulator.start();
    let run: Awaited<ReturnType<typeof measure>>;
    let seen: LinkSummary;
    try {
      await sleep(WARMUP_MS);
      link.start();
      run = await measure(server, simulator, target);
    } finally {
      seen = link.stop();
      await simulator.stop();
    }
    const { final, sim, wallS } = run;
    const perDevice = await appliedAfter(server, final);

    const onTarget = imeis.filter((i) => simulator.configOf(i)?.get('Firmware') === '9.00.00');
    const [canary, rest] = final.Stages;
    const count = (state: 'applied' | 'failed' | 'cancelled') =>
      (canary?.Counts[state] ?? 0) + (rest?.Counts[state] ?? 0);
    const failures =
      count('failed') + count('cancelled') + sim.settingsFailed + (DEVICES - onTarget.length);
    const linkFailures = seen.message.failed + seen.range.failed;
    const messagesPerS = round(sim.acknowledged / wallS);
    const mibPerS = round((sim.filesFetched * FIRMWARE_BYTES) / 1024 / 1024 / wallS, 2);
    const name = `${label} rollout, ${String(DEVICES)} simulated devices`;
    // The server's own times: the poll shares its process with the simulator, whose event loop
    // stalls for a second or more under this load, so what it sees lags.
    const canaryS = sinceStart(final, canary?.FinishedAt);
    const completedS = sinceStart(final, final.FinishedAt);
    printBlock(`rollouts on ${label}: ${String(DEVICES)} simulated devices, start to all applied`, [
      `a message every ${String(INTERVAL_MS)} ms per device, applied after ` +
        `${APPLY_DELAY_MS.join('–')} ms, firmware file ${String(FIRMWARE_BYTES / 1024)} KiB in ` +
        `${String(CHUNK_BYTES / 1024)} KiB ranges, engine at its defaults, polled every ` +
        `${String(POLL_MS)} ms`,
      `canary of ${String(canary?.Devices ?? 0)} done (rest started) after ${String(canaryS)} s, ` +
        `all ${String(count('applied'))} applied after ${String(completedS)} s (the server's ` +
        `record, from the start); the poll saw them after ${String(round(run.canaryDoneS, 2))} ` +
        `s and ${String(round(run.completedS, 2))} s`,
      `each device applied after its stage started (p50 / p90 / max): ${perDevice.join(', ')}`,
      `device link meanwhile: ${String(sim.acknowledged)} messages acknowledged ` +
        `(${String(messagesPerS)}/s), ${String(sim.filesFetched)} files fetched ` +
        `(${String(mibPerS)} MiB/s); server CPU ${String(round(run.cpuS))} s ` +
        `(${String(round((run.cpuS / wallS) * 100))}% of a core), longest event-loop stall ` +
        `${String(round(run.maxStallMs))} ms`,
      `as the devices saw it: messages ${requests(seen.message)}; file ranges ` +
        requests(seen.range),
      `simulator process: CPU ${String(seen.clientCpuS)} s, longest event-loop stall ` +
        `${String(seen.clientMaxStallMs)} ms; listen-queue overflows (machine) ` +
        String(seen.listenOverflows),
      `failures: ${String(count('failed'))} failed and ${String(count('cancelled'))} cancelled ` +
        `in the rollout, ${String(sim.settingsFailed)} settings failed on devices; ` +
        `${String(onTarget.length)}/${String(DEVICES)} simulated devices on ${firmware.Version}`,
    ]);
    const metrics: Metric[] = [
      { name: `${name}: canary done`, value: canaryS, unit: 's' },
      { name: `${name}: all applied`, value: completedS, unit: 's' },
      { name: `${name}: messages acknowledged`, value: messagesPerS, unit: 'msg/s' },
      { name: `${name}: message p99`, value: seen.message.p99Ms, unit: 'ms' },
      { name: `${name}: link requests failed`, value: linkFailures, unit: '' },
      { name: `${name}: rollout failures`, value: failures, unit: '', goal: atMost(0) },
    ];
    return { metrics, details: { database: kind, ...run, perDevice, link: seen, failures } };
  } finally {
    await server?.stop();
    await fresh.dispose();
  }
}
