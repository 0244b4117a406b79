/**
 * `npm run bench [-- --only dashboard,devices,ingest,hub,login-js,lighthouse,pwa,soak,login,fuzz,lists,route-js,rawmessages,log,tacho-reader,tacho,uploads,rollouts,profiles,forwarding]`: runs the benchmarks one after the
 * other, prints a block per benchmark and a summary table, writes bench/results/latest.json.
 * A failing benchmark is reported and the rest still run; the exit code is 1 if any failed or
 * a budget (e.g. the sign-in page's JavaScript) was exceeded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { portalSession, type PortalSession } from './portal-session';
import { meetsGoal, missedBudgets, type BenchResult, type Metric, type Outcome } from './report';
import { round, secondsSince, table } from './stats';

// startPortal() and vite resolve src/ and dist/ from the working directory.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const GROUPS = [
  'dashboard',
  'devices',
  'ingest',
  'hub',
  'login-js',
  'lighthouse',
  'pwa',
  'soak',
  'login',
  'fuzz',
  'lists',
  'route-js',
  'rawmessages',
  'log',
  'tacho-reader',
  'tacho',
  'uploads',
  'rollouts',
  'profiles',
  'forwarding',
] as const;
type Group = (typeof GROUPS)[number];

interface Bench {
  group: Group;
  name: string;
  run(portal: PortalSession): Promise<Outcome>;
}

// Modules are imported when their benchmark runs, so one that cannot even load fails alone.
const benches: Bench[] = [
  {
    group: 'dashboard',
    name: 'dashboard (PGlite)',
    run: async () => (await import('./dashboard')).benchDashboard('pglite'),
  },
  ...(process.env.BENCH_DATABASE_URL
    ? [
        {
          group: 'dashboard' as const,
          name: 'dashboard (PostgreSQL)',
          run: async () =>
            (await import('./dashboard')).benchDashboard(
              'postgres',
              process.env.BENCH_DATABASE_URL,
            ),
        },
      ]
    : []),
  {
    group: 'devices',
    name: 'devices: search and detail (PGlite)',
    run: async () => (await import('./devices')).benchDevices('pglite'),
  },
  ...(process.env.BENCH_DATABASE_URL
    ? [
        {
          group: 'devices' as const,
          name: 'devices: search and detail (PostgreSQL)',
          run: async () =>
            (await import('./devices')).benchDevices('postgres', process.env.BENCH_DATABASE_URL),
        },
      ]
    : []),
  {
    group: 'ingest',
    name: 'device-link ingest (PGlite)',
    run: async () => (await import('./ingest')).runIngestBenchmark({ kinds: ['pglite'] }),
  },
  ...(process.env.BENCH_DATABASE_URL
    ? [
        {
          group: 'ingest' as const,
          name: 'device-link ingest (PostgreSQL)',
          run: async () =>
            (await import('./ingest')).runIngestBenchmark({
              kinds: ['postgres'],
              adminUrl: process.env.BENCH_DATABASE_URL,
            }),
        },
      ]
    : []),
  {
    group: 'forwarding',
    name: 'message forwarding under device-link load (PGlite)',
    run: async () => (await import('./forwarding')).runForwardingBenchmark({ kinds: ['pglite'] }),
  },
  ...(process.env.BENCH_DATABASE_URL
    ? [
        {
          group: 'forwarding' as const,
          name: 'message forwarding under device-link load (PostgreSQL)',
          run: async () =>
            (await import('./forwarding')).runForwardingBenchmark({
              kinds: ['postgres'],
              adminUrl: process.env.BENCH_DATABASE_URL,
            }),
        },
      ]
    : []),
  {
    group: 'hub',
    name: 'hub: device message to client latency',
    run: async () => (await import('./hub-latency')).benchHubLatency(),
  },
  {
    group: 'hub',
    name: 'hub: concurrent connections',
    run: async () => (await import('./hub-connections')).benchHubConnections(),
  },
  {
    group: 'login-js',
    name: 'login initial JS',
    run: async (portal) => (await import('./login-js')).benchLoginJs(await portal.get()),
  },
  {
    group: 'lighthouse',
    name: 'lighthouse /login',
    run: async (portal) => (await import('./lighthouse')).benchLighthouse(await portal.get()),
  },
  {
    group: 'pwa',
    name: 'PWA: precache and repeat-visit FCP from the service worker',
    run: async (portal) => (await import('./pwa-fcp')).benchPwaFcp((await portal.get()).baseUrl),
  },
  {
    group: 'soak',
    name: 'outbox soak: offline edits, reloads, server kills (200 cycles)',
    run: async () => (await import('../scripts/soak-outbox')).benchSoakOutbox(200),
  },
  {
    group: 'login',
    name: 'sign-in time (POST auth/login, PGlite)',
    run: async () => (await import('./login')).benchLogin(),
  },
  {
    group: 'fuzz',
    name: 'route fuzz (PGlite)',
    run: async () => (await import('./fuzz')).benchFuzz(),
  },
  ...(process.env.BENCH_DATABASE_URL
    ? [
        {
          group: 'fuzz' as const,
          name: 'route fuzz (PostgreSQL)',
          run: async () => (await import('./fuzz')).benchFuzz(process.env.BENCH_DATABASE_URL),
        },
      ]
    : []),
  {
    group: 'lists',
    name: 'list kit: 5,000 rows in Chromium (BENCH_LIST=customers|devices)',
    run: async (portal) => (await import('./lists')).benchLists(await portal.get()),
  },
  {
    group: 'route-js',
    name: 'JavaScript each admin screen adds',
    run: async (portal) => (await import('./route-js')).benchRouteJs(await portal.get()),
  },
  {
    group: 'tacho-reader',
    name: 'tachograph file reader throughput',
    run: async () => (await import('./tacho-reader')).benchTachoReader(),
  },
  ...(['rawmessages', 'log'] as const).flatMap((list) => [
    {
      group: list,
      name: `${list}: first page and search at 1,000,000 rows (PGlite)`,
      run: async () => (await import('./log-lists')).benchLogList(list, 'pglite'),
    },
    ...(process.env.BENCH_DATABASE_URL
      ? [
          {
            group: list,
            name: `${list}: first page and search at 1,000,000 rows (PostgreSQL)`,
            run: async () =>
              (await import('./log-lists')).benchLogList(
                list,
                'postgres',
                process.env.BENCH_DATABASE_URL,
              ),
          },
        ]
      : []),
  ]),
  {
    group: 'tacho',
    name: 'tacho: Object Overview and side panel at 100,000 vehicles × 52 weeks (PGlite)',
    run: async () => (await import('./tacho')).benchTacho('pglite'),
  },
  ...(process.env.BENCH_DATABASE_URL
    ? [
        {
          group: 'tacho' as const,
          name: 'tacho: Object Overview and side panel at 100,000 vehicles × 52 weeks (PostgreSQL)',
          run: async () =>
            (await import('./tacho')).benchTacho('postgres', process.env.BENCH_DATABASE_URL),
        },
      ]
    : []),
  {
    group: 'uploads',
    name: 'uploads: server memory, 50 concurrent 384 KiB firmware uploads (PGlite)',
    run: async () => (await import('./library-uploads')).benchLibraryUploads('pglite'),
  },
  ...(process.env.BENCH_DATABASE_URL
    ? [
        {
          group: 'uploads' as const,
          name: 'uploads: server memory, 50 concurrent 384 KiB firmware uploads (PostgreSQL)',
          run: async () =>
            (await import('./library-uploads')).benchLibraryUploads(
              'postgres',
              process.env.BENCH_DATABASE_URL,
            ),
        },
      ]
    : []),
  ...(['pglite', 'postgres'] as const).flatMap((kind) => {
    const url = process.env.BENCH_DATABASE_URL;
    if (kind === 'postgres' && !url) return [];
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return [
      {
        group: 'rollouts' as const,
        name: `rollouts: preview and start at 100,000 devices (${label})`,
        run: async () => (await import('./rollouts')).benchRolloutScale(kind, url),
      },
      {
        group: 'rollouts' as const,
        name: `rollouts: 1,000 simulated devices, start to all applied (${label})`,
        run: async () => (await import('./rollouts-fleet')).benchRolloutFleet(kind, url),
      },
      {
        group: 'profiles' as const,
        name: `settings profiles: updating a profile used by 20,000 devices (${label})`,
        run: async () => (await import('./settings-profiles')).benchSettingsProfiles(kind, url),
      },
    ];
  }),
];

function selectedGroups(): Set<Group> {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  if (!values.only) return new Set(GROUPS);
  const wanted = values.only.split(',').map((s) => s.trim());
  const unknown = wanted.filter((w) => !(GROUPS as readonly string[]).includes(w));
  if (unknown.length)
    throw new Error(`--only: unknown ${unknown.join(', ')} (use ${GROUPS.join('|')})`);
  return new Set(wanted as Group[]);
}

const loadAverage = (): number => round(os.loadavg()[0] ?? 0, 2);

function formatValue(metric: Metric): string {
  return `${metric.value} ${metric.unit}`;
}

function summary(results: readonly BenchResult[]): string {
  const rows: string[][] = [];
  for (const r of results) {
    if (!r.ok) rows.push([r.name, 'ERROR (see above)', '', '', 'FAIL']);
    for (const m of r.metrics ?? []) {
      const met = meetsGoal(m);
      const goal = m.goal ? `${m.goal.op} ${m.goal.limit}` : '';
      rows.push([
        r.name,
        m.name,
        formatValue(m),
        goal,
        met === undefined ? '' : met ? 'ok' : 'MISS',
      ]);
    }
  }
  return table(['benchmark', 'metric', 'value', 'goal', ''], rows, [2]);
}

async function main(): Promise<number> {
  const groups = selectedGroups();
  const started = new Date();
  const t0 = performance.now();
  const portal = portalSession();
  const results: BenchResult[] = [];
  try {
    for (const bench of benches.filter((b) => groups.has(b.group))) {
      const start = performance.now();
      const before = loadAverage();
      console.log(`\n>>> ${bench.name}`);
      if (before > os.cpus().length)
        console.warn(
          `(load average ${before} on ${os.cpus().length} cores: expect skewed numbers)`,
        );
      const done = () => ({
        seconds: secondsSince(start),
        loadAverage: { before, after: loadAverage() },
      });
      try {
        const outcome = await bench.run(portal);
        results.push({ name: bench.name, ok: true, ...done(), ...outcome });
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.error(`!!! ${bench.name} failed:\n${message}`);
        results.push({ name: bench.name, ok: false, ...done(), error: message });
      }
    }
  } finally {
    await portal.stop();
  }

  const totalSeconds = secondsSince(t0);
  console.log(`\n== Summary (${round(totalSeconds / 60, 1)} min) ==\n${summary(results)}`);
  mkdirSync('bench/results', { recursive: true });
  const file = 'bench/results/latest.json';
  const report = {
    startedAt: started.toISOString(),
    totalSeconds,
    machine: { node: process.version, cpus: os.cpus().length, platform: process.platform },
    groups: [...groups],
    results,
  };
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nResults written to ${file}`);
  const missed = missedBudgets(results);
  for (const m of missed)
    console.error(
      `!!! budget exceeded: ${m.name} ${formatValue(m)} (${m.goal?.op} ${m.goal?.limit})`,
    );
  return results.every((r) => r.ok) && missed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
