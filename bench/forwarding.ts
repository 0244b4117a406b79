/**
 * Message forwarding under device-link load (issue 15): the real server in a child process, the
 * ingest benchmark's load client, and a counting HTTP JSON receiver in a third process. Every
 * device's RT slot has an HTTP JSON forward (one per customer, one for devices of none).
 *
 * 1. Ingest with forwarding off: the device link's own rate (after a warm-up run; measured again
 *    at the end, step 4, and the two averaged, since the machine's speed drifts).
 * 2. Ingest with forwarding on: the link's rate, messages delivered per second, and the lag from
 *    the server's receive time to the receiver (p50/p99); then every stored message must arrive.
 * 3. The receiver down for `outageMs` while the load goes on, then up: the wait for the first
 *    delivery (backoff) and the catch-up rate until the backlog is gone.
 *
 *   npx tsx bench/forwarding.ts [--duration 10] [--outage 60]   (BENCH_DATABASE_URL adds PostgreSQL)
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DEVICE_LINK_PATH } from '../src/shared/devices/device-link';
import type { Database } from '../src/server/db/client';
import { load, prepareIngestDatabase, type IngestDatabase } from './ingest';
import type { IngestLoad } from './ingest-client';
import { startServer, type IngestServer } from './ingest-server';
import type { ReceiverCommand, ReceiverStats } from './forwarding-receiver';
import type { Metric, Outcome } from './report';

export interface ForwardingOptions {
  kinds?: IngestDatabase[];
  adminUrl?: string;
  durationMs?: number;
  outageMs?: number;
  connections?: number;
  fleet?: number;
}

const receiverPath = fileURLToPath(new URL('./forwarding-receiver.ts', import.meta.url));
const WARMUP_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The counting receiver; `send` answers its stats after the command. */
async function startReceiver() {
  const child: ChildProcess = fork(receiverPath, { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => {
    child.once('message', (m: { port: number }) => {
      resolve(m.port);
    });
  });
  const send = (command: ReceiverCommand) =>
    new Promise<ReceiverStats>((resolve) => {
      const onMessage = (m: { command: string; stats: ReceiverStats }) => {
        if (m.command !== command) return;
        child.off('message', onMessage);
        resolve(m.stats);
      };
      child.on('message', onMessage);
      child.send(command);
    });
  return { port, send, stop: () => child.kill() };
}

/** One HTTP JSON forward per customer (and one for devices of none) on every device's RT slot. */
const forwardsTo = (port: number) => async (db: Database['db']) => {
  await db.execute(sql`insert into forwards (customer_id, name, ip, port, status, protocol_id)
    select c.id, 'Bench ' || c.id, '127.0.0.1', ${port}::int, 1, 0 from customers c
    union all select null::int, 'Bench shared', '127.0.0.1', ${port}::int, 1, 0`);
  await db.execute(sql`insert into forward_message_types (forward_id, message_type_id)
    select id, 2 from forwards where name like 'Bench %'`);
  await db.execute(sql`insert into device_forwards (device_id, message_type_id, forward_id)
    select d.id, 2, f.id from devices d join forwards f on f.name like 'Bench %'
      and f.customer_id is not distinct from d.customer_id
    on conflict (device_id, message_type_id) do update set forward_id = excluded.forward_id`);
};

/** Every forward carries what is stored from now on (the previous run's messages are not its). */
const startAtHorizon = (db: Database['db']) =>
  db.execute(sql`insert into forward_cursors (forward_id, position_xid)
    select id, pg_snapshot_xmin(pg_current_snapshot()) from forwards
    on conflict (forward_id) do update set position_xid = excluded.position_xid, position_id = 0,
      attempts = 0, failing_since = null, next_attempt_at = null, lease_owner = null`);

/** Until the receiver has `count` distinct messages, or nothing came for `quietMs`. */
async function untilReceived(
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  count: number,
  quietMs = 15_000,
) {
  let stats = await receiver.send('stats');
  let last = { unique: stats.unique, at: Date.now() };
  while (stats.unique < count && Date.now() - last.at < quietMs) {
    await sleep(100);
    stats = await receiver.send('stats');
    if (stats.unique !== last.unique) last = { unique: stats.unique, at: Date.now() };
  }
  return stats;
}

async function runOne(kind: IngestDatabase, options: ForwardingOptions) {
  const receiver = await startReceiver();
  const prepared = await prepareIngestDatabase(
    kind,
    options.adminUrl,
    options.fleet ?? 10_000,
    forwardsTo(receiver.port),
  ).catch((error: unknown) => {
    receiver.stop();
    throw error;
  });
  const durationMs = options.durationMs ?? 10_000;
  const plan = (server: IngestServer, ms: number) => ({
    url: `http://127.0.0.1:${server.devicePort}${DEVICE_LINK_PATH}`,
    devices: prepared.devices,
    connections: options.connections ?? 64,
    warmupMs: WARMUP_MS,
    durationMs: ms,
  });
  const rate = (l: IngestLoad) => Math.round(l.acknowledged / (l.wallMs / 1000));
  try {
    // 1. Forwarding off: a first run only warms up (its first touches of the fleet's rows are
    // slower), then the measured one; another comes last, after the forwarding runs.
    let server = await startServer(prepared.env);
    await load(plan(server, 5_000));
    const off = await load(plan(server, durationMs)).finally(() => server.stop());

    // 2. Forwarding on, receiver up.
    await prepared.withDatabase(startAtHorizon);
    const before = await prepared.countStored();
    server = await startServer({
      ...prepared.env,
      FORWARDING: 'on',
      FORWARD_TARGETS_ALLOWED: 'loopback',
    });
    await receiver.send('reset');
    const running = load(plan(server, durationMs));
    await sleep(WARMUP_MS);
    const atStart = await receiver.send('stats');
    const on = await running;
    const atEnd = await receiver.send('stats');
    const delivered = Math.round((atEnd.received - atStart.received) / (on.wallMs / 1000));
    const drained = await untilReceived(receiver, Number.POSITIVE_INFINITY, 3_000);

    // 3. The receiver down for the outage while devices go on posting, then up again.
    await receiver.send('down');
    await receiver.send('reset');
    const outage = await load(plan(server, options.outageMs ?? 60_000));
    const upAt = Date.now();
    await receiver.send('up');
    // Longer than the longest retry wait (30 s, with jitter): the first retry may take that long.
    const caughtUp = await untilReceived(receiver, Number.POSITIVE_INFINITY, 45_000);
    await server.stop();
    const stored = (await prepared.countStored()) - before;
    // 4. Forwarding off again: the mean of both off runs is the link's own rate.
    server = await startServer(prepared.env);
    const offAgain = await load(plan(server, durationMs)).finally(() => server.stop());
    const firstAt = caughtUp.firstAt ?? upAt;
    const lastAt = caughtUp.lastAt ?? upAt;
    return {
      offRate: Math.round((rate(off) + rate(offAgain)) / 2),
      offRates: [rate(off), rate(offAgain)],
      onRate: rate(on),
      delivered,
      p50: atEnd.p50Ms,
      p99: atEnd.p99Ms,
      max: atEnd.maxMs,
      lost: Math.max(0, stored - drained.unique - caughtUp.unique),
      duplicates: drained.received - drained.unique + caughtUp.received - caughtUp.unique,
      outageAcknowledged: outage.acknowledged,
      backlog: caughtUp.unique,
      firstDeliverySeconds: (firstAt - upAt) / 1000,
      catchUpSeconds: (lastAt - firstAt) / 1000,
      catchUpRate: Math.round(caughtUp.unique / Math.max(0.001, (lastAt - firstAt) / 1000)),
    };
  } finally {
    receiver.stop();
    await prepared.drop();
  }
}

export async function runForwardingBenchmark(options: ForwardingOptions = {}): Promise<Outcome> {
  const adminUrl = options.adminUrl ?? process.env.BENCH_DATABASE_URL;
  const kinds = options.kinds ?? (adminUrl ? ['pglite', 'postgres'] : ['pglite']);
  const metrics: Metric[] = [];
  const details: Record<string, unknown> = {};
  for (const kind of kinds) {
    const r = await runOne(kind, { ...options, adminUrl });
    details[kind] = r;
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const drop = r.offRate > 0 ? (1 - r.onRate / r.offRate) * 100 : 0;
    metrics.push(
      { name: `ingest without forwarding (${label})`, value: r.offRate, unit: 'msg/s' },
      { name: `ingest with forwarding (${label})`, value: r.onRate, unit: 'msg/s' },
      {
        name: `ingest lower with forwarding (${label})`,
        value: Math.round(drop * 10) / 10,
        unit: '%',
        goal: { op: '<=', limit: 15 },
      },
      {
        name: `forwarded while ingesting (${label})`,
        value: r.delivered,
        unit: 'msg/s',
        goal: { op: '>=', limit: Math.round(r.onRate * 0.95) },
      },
      { name: `lag p50 (${label})`, value: r.p50, unit: 'ms' },
      { name: `lag p99 (${label})`, value: r.p99, unit: 'ms', goal: { op: '<=', limit: 1000 } },
      {
        name: `stored but not delivered (${label})`,
        value: r.lost,
        unit: 'messages',
        goal: { op: '<=', limit: 0 },
      },
      { name: `duplicates (${label})`, value: r.duplicates, unit: 'messages' },
      { name: `backlog after the outage (${label})`, value: r.backlog, unit: 'messages' },
      {
        name: `catch-up after a ${String((options.outageMs ?? 60_000) / 1000)} s outage (${label})`,
        value: r.catchUpRate,
        unit: 'msg/s',
      },
      {
        name: `first delivery after the receiver is back (${label})`,
        value: Math.round(r.firstDeliverySeconds * 10) / 10,
        unit: 's',
      },
      {
        name: `time to deliver the backlog (${label})`,
        value: Math.round(r.catchUpSeconds * 10) / 10,
        unit: 's',
      },
    );
    console.log(`  ${label}: ${JSON.stringify(r)}`);
  }
  return { metrics, details };
}

// Standalone: npx tsx bench/forwarding.ts
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      outage: { type: 'string' },
      fleet: { type: 'string' },
    },
  });
  process.chdir(fileURLToPath(new URL('..', import.meta.url)));
  runForwardingBenchmark({
    durationMs: values.duration ? Number(values.duration) * 1000 : undefined,
    outageMs: values.outage ? Number(values.outage) * 1000 : undefined,
    fleet: values.fleet ? Number(values.fleet) : undefined,
  }).then(
    (result) => {
      for (const m of result.metrics) console.log(`${m.name}: ${String(m.value)} ${m.unit}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
