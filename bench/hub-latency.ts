/**
 * Installation-test hub latency: a device message posted to the device link until the stock
 * @microsoft/signalr client watching the test receives its ReceiveRawMessage and
 * ReceiveTestProgress. The server runs in-process (buildApp on a seeded PGlite file database,
 * listening on loopback), so client and server share one clock and one event loop: the numbers
 * include the client's own turn on that loop and are, if anything, pessimistic.
 *
 * Each message carries its send time (`BenchSentAt`, a performance.now() reading); the hub
 * forwards the raw body, so the client computes the latency from the message itself. The time of
 * the HTTP 200 is recorded too: the hub message usually arrives before it (it is sent right after
 * the commit, the 200 after it), so "sent → received" is the figure with a goal.
 *
 *   npx tsx bench/hub-latency.ts [--messages 1000]
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { MessagePackHubProtocol } from '@microsoft/signalr-protocol-msgpack';
import { apiPaths } from '../src/shared/api/api-paths';
import { DEVICE_LINK_PATH, type DeviceCredential } from '../src/shared/devices/device-link';
import {
  DEVICE_TEST_HUB_PATH,
  type DeviceTestSettings,
  type TestProgress,
  type TestRawMessage,
} from '../src/shared/devices/device-tests';
import type { Device } from '../src/shared/devices/devices';
import { createSecretBox } from '../src/server/auth/secret-box';
import { seedDemo } from '../src/server/seed/demo';
import { signDeviceMessage } from '../src/server/auth/device-signing';
import { startBenchApi, type BenchApi } from './bench-api';
import { freshDatabase } from './dataset';
import { atMost, printBlock, type Metric, type Outcome } from './report';
import { percentile, round } from './stats';

const P99_GOAL_MS = 100;
const USER = 'user@demo.test';
const ADMIN = 'admin@demo.test';
type Protocol = 'messagepack' | 'json';

interface Run {
  protocol: Protocol;
  messages: number;
  received: number;
  rawMs: { p50: number; p99: number; max: number };
  progressMs: { p50: number; p99: number; max: number };
  /** HTTP 200 at the device → ReceiveRawMessage; negative: the hub message came first. */
  afterAckMs: { p50: number; p99: number };
  postMs: { p50: number; p99: number };
}

const summary = (samples: number[]) => ({
  p50: round(percentile(samples, 50), 2),
  p99: round(percentile(samples, 99), 2),
  max: round(Math.max(...samples), 2),
});

async function call<T>(api: BenchApi, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(api.apiBase + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Picks a device of the user's customer, gives it a new credential (as an admin does on the
 * device page), saves its test settings and starts the test.
 */
async function startTest(api: BenchApi, token: string, index: number): Promise<DeviceCredential> {
  const devices = await call<Device[]>(api, token, 'GET', 'devices/');
  const device = devices[index];
  if (!device) throw new Error('no device for the benchmark');
  const admin = await api.signIn(ADMIN);
  const issued = await call<DeviceCredential>(
    api,
    admin,
    'POST',
    apiPaths.deviceCredential(device.Id),
  );
  await call<DeviceTestSettings>(api, token, 'POST', 'devicetestsettings/', {
    Imei: device.IMEI,
    CustomerId: device.CustomerId,
    ConfigurationGroupId: device.ConfigurationGroupId,
  });
  await call(api, token, 'GET', `devicetestsettings/setactive/${device.IMEI}`);
  return issued;
}

async function measure(
  api: BenchApi,
  protocol: Protocol,
  messages: number,
  index: number,
): Promise<Run> {
  const token = await api.signIn(USER);
  const { IMEI: imei, Credential: credential } = await startTest(api, token, index);
  const origin = new URL(api.apiBase).origin;
  const builder = new HubConnectionBuilder()
    .withUrl(`${api.apiBase}${DEVICE_TEST_HUB_PATH}?IMEI=${imei}`, {
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: () => token,
    })
    .configureLogging(LogLevel.None);
  if (protocol === 'messagepack') builder.withHubProtocol(new MessagePackHubProtocol());
  const client = builder.build();

  const raw: number[] = [];
  const progress: number[] = [];
  const afterAck: number[] = [];
  const post: number[] = [];
  const ackAt = new Map<number, number>();
  const rawAt = new Map<number, number>();
  let lastSeq = -1;
  client.on('ReceiveRawMessage', (message: TestRawMessage) => {
    const now = performance.now();
    const body = JSON.parse(message.Message) as { BenchSentAt: number; BenchSeq: number };
    raw.push(now - body.BenchSentAt);
    rawAt.set(body.BenchSeq, now);
    lastSeq = body.BenchSeq;
  });
  // Progress follows its raw message on the same connection: it belongs to the latest one.
  const sentAt = new Map<number, number>();
  client.on('ReceiveTestProgress', (_progress: TestProgress) => {
    const started = sentAt.get(lastSeq);
    if (started !== undefined) progress.push(performance.now() - started);
  });
  await client.start();
  await client.invoke('InitTestSocket', imei);

  const url = `${origin}${DEVICE_LINK_PATH}`;
  for (let seq = 0; seq < messages; seq++) {
    const start = performance.now();
    sentAt.set(seq, start);
    // Items awaiting a person stay in state 4, so the test never finishes mid-run.
    const body = JSON.stringify({
      IMEI: imei,
      Timestamp: new Date().toISOString(),
      Ignition: 1,
      Lat: 52.37,
      Lon: 4.9,
      SatCount: 9,
      Odo: 1000 + seq,
      VIN: 'YV2RT40A8KB123456',
      IO1: 0,
      BenchSentAt: start,
      BenchSeq: seq,
    });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signDeviceMessage(credential, body) },
      body,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`device link: HTTP ${response.status}`);
    const acked = performance.now();
    post.push(acked - start);
    ackAt.set(seq, acked);
  }
  const deadline = Date.now() + 10_000;
  while (raw.length < messages && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const [seq, at] of rawAt) {
    const acked = ackAt.get(seq);
    if (acked !== undefined) afterAck.push(at - acked);
  }
  await client.stop();
  await call(api, token, 'GET', `devicetestsettings/setinactive/${imei}`).catch(() => undefined);
  const after = summary(afterAck);
  const posts = summary(post);
  return {
    protocol,
    messages,
    received: raw.length,
    rawMs: summary(raw),
    progressMs: summary(progress),
    afterAckMs: { p50: after.p50, p99: after.p99 },
    postMs: { p50: posts.p50, p99: posts.p99 },
  };
}

export async function benchHubLatency(messages = 1000): Promise<Outcome> {
  const fresh = await freshDatabase('pglite');
  try {
    // The server issues the credentials it uses (startTest); these are never used.
    await seedDemo(fresh.database.db, {
      secrets: createSecretBox(randomBytes(32).toString('hex')),
    });
    const api = await startBenchApi(fresh.database);
    try {
      const runs: Run[] = [];
      for (const [index, protocol] of (['messagepack', 'json'] as const).entries()) {
        // A short warm-up on its own device: JIT, first connections, prepared plans.
        await measure(api, protocol, 50, 10 + index);
        runs.push(await measure(api, protocol, messages, index));
      }
      const metrics: Metric[] = runs.flatMap((r) => [
        { name: `hub ${r.protocol}: raw message p50`, value: r.rawMs.p50, unit: 'ms' },
        {
          name: `hub ${r.protocol}: raw message p99`,
          value: r.rawMs.p99,
          unit: 'ms',
          goal: atMost(P99_GOAL_MS),
        },
        {
          name: `hub ${r.protocol}: progress p99`,
          value: r.progressMs.p99,
          unit: 'ms',
          goal: atMost(P99_GOAL_MS),
        },
        {
          name: `hub ${r.protocol}: messages lost`,
          value: r.messages - r.received,
          unit: 'messages',
          goal: atMost(0),
        },
      ]);
      printBlock(
        'installation-test hub latency (in-process server, PGlite, WebSockets)',
        runs.map(
          (r) =>
            `${r.protocol}: ${r.received}/${r.messages} received; sent→raw p50 ${r.rawMs.p50} ms, ` +
            `p99 ${r.rawMs.p99} ms, max ${r.rawMs.max} ms; sent→progress p50 ${r.progressMs.p50} ms, ` +
            `p99 ${r.progressMs.p99} ms; 200→raw p50 ${r.afterAckMs.p50} ms, p99 ${r.afterAckMs.p99} ms; ` +
            `POST p50 ${r.postMs.p50} ms, p99 ${r.postMs.p99} ms`,
        ),
      );
      return { metrics, details: { server: 'in-process', database: 'PGlite', runs } };
    } finally {
      await api.close();
    }
  } finally {
    await fresh.dispose();
  }
}

// Standalone: npx tsx bench/hub-latency.ts
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { messages: { type: 'string' } } });
  benchHubLatency(values.messages ? Number(values.messages) : undefined).then(
    (outcome) => {
      const missed = outcome.metrics.some((m) => m.goal && m.value > m.goal.limit);
      process.exit(missed ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
