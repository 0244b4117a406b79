/**
 * Devices at 100,000: device search under 50 concurrent clients (goal p95 <= 20 ms at >= 2,000
 * requests/s) and the device detail page's load (the device, then the lookups its Information
 * tab asks for in parallel), over HTTP against the real API on a fresh database.
 */
import { sql } from 'drizzle-orm';
import { apiPaths } from '../src/shared/api/api-paths';
import type { DeviceSearchFilter } from '../src/shared/devices/device-requests';
import { selectRows, type Database } from '../src/server/db/client';
import { startBenchApi } from './bench-api';
import { freshDatabase, loadProductionScale, type DatabaseKind } from './dataset';
import { runLoad, type LoadPlan } from './http-load';
import { atLeast, atMost, printBlock, type Metric, type Outcome } from './report';
import { percentile, round } from './stats';

const SEARCH_P95_GOAL_MS = 20;
const SEARCH_THROUGHPUT_GOAL = 2000;
const SEARCH_LOAD: Omit<LoadPlan, 'url' | 'token'> = {
  concurrency: 50,
  warmup: 500,
  requests: 20_000,
  capMs: 15_000,
};
const DETAIL_LOAD: Omit<LoadPlan, 'url' | 'token'> = {
  concurrency: 10,
  warmup: 50,
  requests: 1000,
  capMs: 15_000,
};
const SAMPLE_DEVICES = 300;
const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

interface SampleDevice {
  id: number;
  imei: string;
  sn: string | null;
  device_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
}

const fragment = (text: string, length: number, seed: number) => {
  const start = text.length <= length ? 0 : seed % (text.length - length + 1);
  return text.slice(start, start + length);
};

/** What installers and office staff type: parts of IMEIs, serial numbers, names, customers. */
function searchUrls(apiBase: string, sample: readonly SampleDevice[]): string[] {
  const urls: string[] = [];
  sample.forEach((d, i) => {
    const queries: [DeviceSearchFilter, string | null][] = [
      ['IMEI', fragment(d.imei, 6 + (i % 4), i * 7)],
      ['SN', d.sn && fragment(d.sn, 5, i * 3)],
      ['DeviceName', d.device_name && fragment(d.device_name, 4, i)],
      ['Customer', d.customer_name && fragment(d.customer_name, 4, i)],
    ];
    for (const [filter, text] of queries)
      if (text && text.length >= 3) urls.push(apiBase + apiPaths.devicesSearch(filter, text));
  });
  return urls;
}

/** The device detail page on open: the device, then the Information tab's lookups together. */
function detailJobs(apiBase: string, sample: readonly SampleDevice[]): string[][][] {
  return sample.map((d) => {
    const customer = d.customer_id ?? 0;
    return [
      [apiBase + apiPaths.device(d.id)],
      [
        apiBase + apiPaths.customers,
        apiBase + apiPaths.configurationGroupsOfCustomer(customer),
        apiBase + apiPaths.settingsProfilesOfCustomer(customer),
        apiBase + apiPaths.activeCanConfigs,
        apiBase + apiPaths.activeFirmwares,
      ],
    ];
  });
}

/** Runs a load and the CPU this process (the server: the load client is a child) spent on it. */
async function measured(plan: LoadPlan) {
  const cpu = process.cpuUsage();
  const result = await runLoad(plan);
  const used = process.cpuUsage(cpu);
  const requests = result.latenciesMs.length + result.failures;
  return { result, cpuMsPerJob: requests ? (used.user + used.system) / 1000 / requests : NaN };
}

function summarise({ result, cpuMsPerJob }: Awaited<ReturnType<typeof measured>>, what: string) {
  if (result.failures > 0)
    throw new Error(`${what}: ${result.failures} failed requests (${result.firstError ?? '?'})`);
  const ms = result.latenciesMs;
  if (ms.length === 0) throw new Error(`${what}: nothing finished within the cap`);
  return {
    n: ms.length,
    p50: round(percentile(ms, 50)),
    p95: round(percentile(ms, 95)),
    p99: round(percentile(ms, 99)),
    perSecond: round(ms.length / (result.wallMs / 1000)),
    /** Includes warm-up jobs; the server's own cost, whatever else loads the machine. */
    serverCpuMs: round(cpuMsPerJob, 2),
  };
}

async function sampleDevices(database: Database): Promise<SampleDevice[]> {
  return selectRows<SampleDevice>(
    database.db,
    sql`select d.id, d.imei, d.sn, d.device_name, d.customer_id, c.name as customer_name
        from devices d left join customers c on c.id = d.customer_id
        order by random() limit ${SAMPLE_DEVICES}`,
  );
}

export async function benchDevices(kind: DatabaseKind, adminUrl?: string): Promise<Outcome> {
  const label = LABEL[kind];
  console.log(`[devices/${label}] loading a fresh database…`);
  const fresh = await freshDatabase(kind, adminUrl);
  try {
    // Search and detail read devices, not message history: 10,000 messages keep the load short.
    const load = await loadProductionScale(fresh.database, { messages: 10_000 });
    const sample = await sampleDevices(fresh.database);
    const api = await startBenchApi(fresh.database);
    try {
      const token = await api.signIn('admin@demo.test');
      const urls = searchUrls(api.apiBase, sample);
      const search = summarise(
        await measured({
          ...SEARCH_LOAD,
          url: urls[0] ?? '',
          jobs: urls.map((u) => [[u]]),
          token,
        }),
        'search',
      );
      const detail = summarise(
        await measured({ ...DETAIL_LOAD, url: '', jobs: detailJobs(api.apiBase, sample), token }),
        'device detail',
      );
      const metrics: Metric[] = [
        { name: `${label} search p50`, value: search.p50, unit: 'ms' },
        {
          name: `${label} search p95`,
          value: search.p95,
          unit: 'ms',
          goal: atMost(SEARCH_P95_GOAL_MS),
        },
        {
          name: `${label} search throughput`,
          value: search.perSecond,
          unit: 'req/s',
          goal: atLeast(SEARCH_THROUGHPUT_GOAL),
        },
        { name: `${label} search server CPU`, value: search.serverCpuMs, unit: 'ms/req' },
        { name: `${label} device detail load p50`, value: detail.p50, unit: 'ms' },
        { name: `${label} device detail load p95`, value: detail.p95, unit: 'ms' },
      ];
      printBlock(`Devices on ${label}`, [
        `fleet: ${load.devices} devices (loaded in ${load.totalSeconds} s)`,
        `search: ${urls.length} distinct queries (IMEI, SN, DeviceName, Customer fragments) as ` +
          `admin, ${SEARCH_LOAD.concurrency} concurrent clients, cap ${SEARCH_LOAD.capMs / 1000} s`,
        `  n=${search.n}  p50 ${search.p50} ms  p95 ${search.p95} ms  p99 ${search.p99} ms  ` +
          `${search.perSecond} req/s  (goal p95 <= ${SEARCH_P95_GOAL_MS} ms at >= ` +
          `${SEARCH_THROUGHPUT_GOAL} req/s); server CPU ${search.serverCpuMs} ms/request`,
        `device detail load (device, then 5 lookups in parallel), ${DETAIL_LOAD.concurrency} ` +
          `concurrent users`,
        `  n=${detail.n}  p50 ${detail.p50} ms  p95 ${detail.p95} ms  p99 ${detail.p99} ms  ` +
          `${detail.perSecond} pages/s; server CPU ${detail.serverCpuMs} ms/page`,
      ]);
      return { metrics, details: { database: kind, load, search, detail } };
    } finally {
      await api.close();
    }
  } finally {
    await fresh.dispose();
  }
}
