/**
 * Child-process side of ingest.ts: `connections` trackers posting device messages back to back
 * over keep-alive HTTP/1.1 (node:http, lighter than fetch at these rates), each signed with its
 * device's credential as a tracker does. A process of its own so the load does not share the
 * server's event loop.
 */
import http from 'node:http';
import { signDeviceMessage } from '../src/server/auth/device-signing';

export interface IngestPlan {
  url: string;
  /** [IMEI, credential] of every device to drive. */
  devices: [string, string][];
  connections: number;
  warmupMs: number;
  durationMs: number;
}

export interface IngestLoad {
  acknowledged: number;
  failed: number;
  statuses: Record<string, number>;
  firstError: string | undefined;
  wallMs: number;
  p50Ms: number;
  p99Ms: number;
}

function post(agent: http.Agent, url: URL, body: string, credential: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...signDeviceMessage(credential, body),
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => {
          resolve(response.statusCode ?? 0);
        });
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

function message(imei: string, seq: number): string {
  const t = seq / 100;
  return JSON.stringify({
    IMEI: imei,
    Timestamp: new Date().toISOString(),
    Ignition: 1,
    Lat: 52.37 + Math.sin(t) / 100,
    Lon: 4.9 + Math.cos(t) / 100,
    SatCount: 9,
    Speed: 60 + (seq % 30),
    Heading: seq % 360,
    Odo: 120_000 + seq / 10,
    VIN: 'YV2RT40A8KB123456',
    IO1: seq % 2,
  });
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function run(plan: IngestPlan): Promise<IngestLoad> {
  const url = new URL(plan.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
  const start = performance.now();
  const measureFrom = start + plan.warmupMs;
  const end = measureFrom + plan.durationMs;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let acknowledged = 0;
  let failed = 0;
  let firstError: string | undefined;

  const connection = async (index: number) => {
    // Each connection walks through its own slice of the fleet.
    for (let seq = 0; performance.now() < end; seq++) {
      const [imei, credential] = plan.devices[
        (index + seq * plan.connections) % plan.devices.length
      ] ?? ['', ''];
      const sent = performance.now();
      let status = 0;
      try {
        status = await post(agent, url, message(imei, seq), credential);
      } catch (error) {
        firstError ??= (error as Error).message;
      }
      if (sent < measureFrom) continue;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 200) {
        acknowledged++;
        latencies.push(performance.now() - sent);
      } else {
        failed++;
        firstError ??= `HTTP ${status}`;
      }
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, (_, i) => connection(i)));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    acknowledged,
    failed,
    statuses,
    firstError,
    wallMs: performance.now() - measureFrom,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

process.once('message', (plan: IngestPlan) => {
  void run(plan).then((result) => {
    process.send?.(result, () => {
      process.disconnect();
    });
  });
});
