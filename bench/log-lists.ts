/**
 * The admins' Raw Messages and Log lists at 1,000,000 rows each (issue 11 "Done when"): the first
 * page and a search by a message fragment, p95 at 10 concurrent clients (goal <= 50 ms), over
 * HTTP against the real API on a fresh database. Searches come in three kinds, because they take
 * different paths: a common fragment (in every row: the newest rows match), a fragment of one
 * device (about 1 row in 300) and rare ones (one row each: only an index finds them quickly).
 *
 *   npm run bench -- --only rawmessages,log     (BENCH_DATABASE_URL adds PostgreSQL)
 */
import { sql } from 'drizzle-orm';
import { listPaths } from '../src/shared/api/list-resource';
import { selectRows, settleAfterBulkLoad } from '../src/server/db/client';
import { seedDemo } from '../src/server/seed/demo';
import { addBulkLogs } from '../src/server/seed/bulk-logs';
import { addBulkMessages } from '../src/server/seed/fleet';
import { createSecretBox } from '../src/server/auth/secret-box';
import { rebuildMessageCounters } from '../src/server/modules/raw-messages/counters';
import { startBenchApi } from './bench-api';
import { freshDatabase, type DatabaseKind } from './dataset';
import { runLoad, type LoadPlan } from './http-load';
import { atMost, printBlock, type Metric, type Outcome } from './report';
import { percentile, round, timed } from './stats';

export const LIST_ROWS = 1_000_000;
const P95_GOAL_MS = 50;
const LOAD: Omit<LoadPlan, 'url' | 'token' | 'jobs'> = {
  concurrency: 10,
  warmup: 50,
  requests: 1000,
  capMs: 15_000,
};
const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const RARE_SAMPLES = 100;

export type ListBench = 'rawmessages' | 'log';

interface Case {
  name: string;
  paths: string[];
  /** Only this one has a goal in the issue; the others are reported. */
  goal: boolean;
}

/** Rare fragments: one row each (an odometer value, an attempt number), spread over the table. */
const rareNumbers = (count: number) =>
  Array.from({ length: count }, (_, i) => Math.floor(((i + 0.5) / count) * LIST_ROWS));

function cases(list: ListBench, imeis: readonly string[]): Case[] {
  const paths = listPaths(list);
  const search = (text: string) => paths.search('Message', text);
  const rare = rareNumbers(RARE_SAMPLES);
  if (list === 'rawmessages')
    return [
      { name: 'first page', paths: [paths.first], goal: true },
      { name: 'search, common fragment', paths: [search('SatCount')], goal: true },
      { name: 'search, one device', paths: imeis.map((imei) => search(imei)), goal: true },
      // Odo is 10000 + the row's number (json_build_object's spacing): one message each.
      {
        name: 'search, rare fragment',
        paths: rare.map((g) => search(`"Odo" : ${10000 + g}}`)),
        goal: true,
      },
    ];
  return [
    { name: 'first page', paths: [paths.first], goal: true },
    { name: 'search, common fragment', paths: [search('Forward')], goal: true },
    // 200 rows: g % 5000 = 121, all of them the rejected-message shape (g % 5 = 1).
    { name: 'search, one device', paths: [search('IMEI 350000000000121 rejected')], goal: true },
    {
      name: 'search, rare fragment',
      paths: rare.map((g) => search(`attempt ${g - (g % 5)})`)),
      goal: true,
    },
    { name: 'search, Level Error', paths: [paths.search('Level', 'error')], goal: false },
  ];
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

/** One list on one database: a fresh load of LIST_ROWS rows, then each case under load. */
export async function benchLogList(
  list: ListBench,
  kind: DatabaseKind,
  adminUrl?: string,
): Promise<Outcome> {
  const label = LABEL[kind];
  console.log(`[${list}/${label}] loading ${LIST_ROWS} rows into a fresh database…`);
  const fresh = await freshDatabase(kind, adminUrl);
  try {
    const { db } = fresh.database;
    const { ms: loadMs } = await timed(async () => {
      await seedDemo(db, { secrets: createSecretBox(Buffer.alloc(32, 7).toString('base64url')) });
      if (list === 'rawmessages') {
        await addBulkMessages(db, LIST_ROWS);
        await rebuildMessageCounters(db);
      } else await addBulkLogs(db, LIST_ROWS);
      await settleAfterBulkLoad(db);
    });
    const imeis = (
      await selectRows<{ imei: string }>(db, sql`select imei from devices order by id limit 20`)
    ).map((d) => d.imei);
    const api = await startBenchApi(fresh.database);
    try {
      const token = await api.signIn('admin@demo.test');
      const metrics: Metric[] = [];
      const lines = [`${LIST_ROWS} rows loaded in ${round(loadMs / 1000)} s`];
      for (const c of cases(list, imeis)) {
        const r = await measure(api.apiBase, token, c.paths);
        const name = `${label} ${list} ${c.name}`;
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
      printBlock(`${list} on ${label}, ${LOAD.concurrency} concurrent clients`, lines);
      return { metrics, details: { database: kind, rows: LIST_ROWS, loadMs } };
    } finally {
      await api.close();
    }
  } finally {
    await fresh.dispose();
  }
}
