/**
 * The Object Overview at 100,000 vehicles with a year of weekly downloads each (issue 12 "Done
 * when": about 5.2 million tacho_files rows, one tacho_latest row per vehicle): its first page
 * `rtddata/latest/?type=1`, a next page, a customer's list and the side panel
 * `tachoobject/{10 plates}`, p95 at 10 concurrent clients (goal <= 50 ms), over HTTP against
 * the real API on a fresh database. A plate search, the download list's first page, the counts
 * and the state graph are reported beside them.
 *
 *   npm run bench -- --only tacho     (BENCH_DATABASE_URL adds PostgreSQL)
 */
import { execFileSync, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { tachoApiPaths } from '../src/shared/tacho/api-paths-tacho';
import type { TachoLatestRow } from '../src/shared/tacho/tacho-lists';
import {
  selectRows,
  settleAfterBulkLoad,
  type Database,
  type OpenOptions,
} from '../src/server/db/client';
import { startBenchApi } from './bench-api';
import { freshDatabase, loadProductionScale, type DatabaseKind } from './dataset';
import { runLoad, type LoadPlan } from './http-load';
import { atMost, printBlock, type Metric, type Outcome } from './report';
import { percentile, round, timed } from './stats';
import { addTachoHistory } from './tacho-data';

const P95_GOAL_MS = 50;
const LOAD: Omit<LoadPlan, 'url' | 'token' | 'jobs'> = {
  concurrency: 10,
  // The API is fresh when the first case runs: with 50 warm-up requests that case measured
  // V8 compiling the routes and the database's first reads (p95 47-75 ms against 28-42 ms in a
  // second pass over the same paths).
  warmup: 300,
  requests: 1000,
  capMs: 15_000,
};
const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
/** Pages of the overview walked once to find next-page cursors. */
const CURSOR_PAGES = 20;

interface Case {
  name: string;
  paths: string[];
  goal: boolean;
}

async function measure(apiBase: string, token: string, paths: readonly string[]) {
  const result = await runLoad({
    ...LOAD,
    url: '',
    token,
    jobs: paths.map((p) => [[apiBase + p]]),
  });
  if (result.failures > 0)
    throw new Error(`${result.failures} failed requests (${result.firstError ?? '?'})`);
  const ms = result.latenciesMs;
  if (ms.length === 0) throw new Error('nothing finished within the cap');
  return {
    n: ms.length,
    p50: round(percentile(ms, 50)),
    p95: round(percentile(ms, 95)),
    perSecond: round(ms.length / (result.wallMs / 1000)),
  };
}

/** Next-page cursors: the last row of each of the first CURSOR_PAGES pages. */
async function cursors(apiBase: string, token: string): Promise<number[]> {
  const found: number[] = [];
  let path = tachoApiPaths.tachoLatest(1);
  for (let i = 0; i < CURSOR_PAGES; i++) {
    const response = await fetch(apiBase + path, { headers: { authorization: `Bearer ${token}` } });
    const rows = (await response.json()) as TachoLatestRow[];
    const last = rows.at(-1)?.Id;
    if (last === undefined) break;
    found.push(last);
    path = tachoApiPaths.tachoLatestChunk(1, last);
  }
  return found;
}

async function cases(db: Parameters<typeof selectRows>[0], apiBase: string, token: string) {
  const customers = await selectRows<{ id: number }>(
    db,
    sql`select customer_key as id from tacho_latest group by customer_key order by count(*) desc`,
  );
  // Ten plates of one customer per side panel call, 20 different calls.
  const plates = await selectRows<{ subject: string }>(
    db,
    sql`select subject from tacho_latest where customer_key = ${customers[0]?.id ?? 0}
      order by id limit 200`,
  );
  const panels = Array.from({ length: 20 }, (_, i) =>
    tachoApiPaths.tachoObjectFiles(plates.slice(i * 10, i * 10 + 10).map((p) => p.subject)),
  );
  const next = (await cursors(apiBase, token)).map((id) => tachoApiPaths.tachoLatestChunk(1, id));
  const list: Case[] = [
    { name: 'overview first page', paths: [tachoApiPaths.tachoLatest(1)], goal: true },
    { name: 'overview next page', paths: next, goal: true },
    {
      name: 'overview search, plate fragment',
      // 'BP-12' matches about 1 plate in 90; 'BP-4711' a handful. Reported beside the goal,
      // which the issue sets for the latest-per-plate list and its side panel (decision 039).
      paths: [
        tachoApiPaths.tachoLatestSearch(1, 'LicensePlate', 'BP-12'),
        tachoApiPaths.tachoLatestSearch(1, 'LicensePlate', 'BP-4711'),
      ],
      goal: false,
    },
    {
      name: 'overview customer list',
      paths: customers.slice(0, 5).map((c) => tachoApiPaths.tachoLatestOfCustomer(1, c.id)),
      goal: true,
    },
    { name: 'side panel, 10 plates', paths: panels, goal: true },
    { name: 'download list first page', paths: [tachoApiPaths.tachoFiles(1)], goal: false },
    { name: 'download list count', paths: [tachoApiPaths.tachoFilesCount(1)], goal: false },
    { name: 'overview count', paths: [tachoApiPaths.tachoLatestCount(1)], goal: false },
    { name: 'state graph', paths: [tachoApiPaths.tachoStateGraph], goal: false },
  ];
  return list;
}

/** Each case under load against an API on `database` (loaded already). */
export async function measureTacho(
  database: Database,
  label: string,
): Promise<{ metrics: Metric[]; lines: string[] }> {
  const api = await startBenchApi(database);
  try {
    const token = await api.signIn('admin@demo.test');
    const metrics: Metric[] = [];
    const lines: string[] = [];
    for (const c of await cases(database.db, api.apiBase, token)) {
      const r = await measure(api.apiBase, token, c.paths);
      const name = `${label} tacho ${c.name}`;
      metrics.push({ name: `${name} p50`, value: r.p50, unit: 'ms' });
      metrics.push({
        name: `${name} p95`,
        value: r.p95,
        unit: 'ms',
        ...(c.goal ? { goal: atMost(P95_GOAL_MS) } : {}),
      });
      lines.push(
        `${c.name} (${c.paths.length} distinct): n=${r.n} p50 ${r.p50} ms p95 ${r.p95} ms ` +
          `${r.perSecond} req/s`,
      );
    }
    return { metrics, lines };
  } finally {
    await api.close();
  }
}

const apiProcessPath = fileURLToPath(new URL('./tacho-api-process.ts', import.meta.url));

/** `measureTacho` in a fresh process on the database `options` name (bench/tacho-api-process). */
function measureTachoInOwnProcess(
  options: OpenOptions,
  label: string,
): Promise<{ metrics: Metric[]; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = fork(apiProcessPath, { execArgv: ['--import', 'tsx'] });
    let result: { metrics: Metric[]; lines: string[] } | undefined;
    child.once('message', (message) => (result = message as typeof result));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`tacho API process exited with code ${String(code)}`));
    });
    child.send({ options, label });
  });
}

export async function benchTacho(kind: DatabaseKind, adminUrl?: string): Promise<Outcome> {
  const label = LABEL[kind];
  console.log(`[tacho/${label}] loading 100,000 devices and a year of weekly downloads…`);
  const fresh = await freshDatabase(kind, adminUrl);
  try {
    const { db } = fresh.database;
    const load = await loadProductionScale(fresh.database, { messages: 0 });
    const { ms: tachoMs } = await timed(async () => {
      await addTachoHistory(db);
      await settleAfterBulkLoad(db);
    });
    // Measure the steady state, not the write-back of 3 GB just loaded: both runs' first cases
    // had twice the p95 of later ones while the database and the kernel flushed it.
    await db.execute(sql`checkpoint`);
    execFileSync('sync');
    console.log(`  addTachoHistory: ${round(tachoMs / 1000)} s`);
    const [counts] = await selectRows<{ files: number; latest: number }>(
      db,
      sql`select (select count(*) from tacho_files)::int as files,
        (select count(*) from tacho_latest)::int as latest`,
    );
    // PGlite admits one process at a time: the loader lets go before the API opens it.
    await fresh.release();
    const { metrics, lines } = await measureTachoInOwnProcess(fresh.options, label);
    printBlock(`tacho on ${label}, ${LOAD.concurrency} concurrent clients`, [
      `${load.devices} devices in ${load.totalSeconds} s; ${counts?.files ?? 0} tacho_files and ` +
        `${counts?.latest ?? 0} tacho_latest rows in ${round(tachoMs / 1000)} s`,
      ...lines,
    ]);
    return {
      metrics,
      details: { database: kind, files: counts?.files, latest: counts?.latest, tachoMs },
    };
  } finally {
    await fresh.dispose();
  }
}
