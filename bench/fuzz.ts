/**
 * `npm run bench -- --only fuzz`: the route fuzz test's generators at volume. Every operation of
 * the server's OpenAPI document gets generated valid, boundary and hostile requests from every
 * demo role and without a token, in-process on a fresh demo database (PGlite, or PostgreSQL with
 * BENCH_DATABASE_URL). FUZZ_CASES (default 100,000) and FUZZ_SEED tune it. Goal: no 5xx at all.
 */
import { runCampaign } from '../src/server/test/fuzz/campaign';
import { createTestContext } from '../src/server/test/harness';
import { atMost, printBlock, type Outcome } from './report';
import { round } from './stats';

const DEFAULT_CASES = 100_000;

export async function benchFuzz(databaseUrl?: string): Promise<Outcome> {
  const cases = Number(process.env.FUZZ_CASES ?? DEFAULT_CASES);
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
  // The test harness picks its database from TEST_DATABASE_URL.
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const ctx = await createTestContext();
  try {
    let lastReport = performance.now();
    const result = await runCampaign(ctx.app, ctx.database.db, {
      cases,
      seed,
      onProgress: (sent) => {
        if (performance.now() - lastReport < 15_000) return;
        lastReport = performance.now();
        console.log(`[fuzz/${label}] ${sent} cases sent…`);
      },
    });
    const serverErrors = result.violations.filter((v) => v.problems.some((p) => /^5\d\d/.test(p)));
    const statuses = Object.entries(result.statusCounts).sort(([a], [b]) => a.localeCompare(b));
    printBlock(`Route fuzz on ${label} (FUZZ_SEED=${seed})`, [
      `cases sent: ${result.cases} in ${round(result.seconds)} s ` +
        `(${round(result.cases / result.seconds)} /s)`,
      `routes covered: ${result.covered} of ${result.operations} documented operations` +
        (result.undocumented.length ? `; undocumented: ${result.undocumented.join(', ')}` : ''),
      `status counts: ${statuses.map(([code, n]) => `${code}×${n}`).join('  ')}`,
      `5xx: ${serverErrors.length}`,
      ...serverErrors.slice(0, 20).map((v) => `  ${v.problems.join('; ')} ← ${v.request}`),
      `other violations: ${result.violations.length - serverErrors.length}`,
      ...result.violations
        .filter((v) => !serverErrors.includes(v))
        .slice(0, 20)
        .map((v) => `  ${v.problems.join('; ')} ← ${v.request}`),
    ]);
    return {
      metrics: [
        { name: `${label} cases sent`, value: result.cases, unit: 'requests' },
        { name: `${label} routes covered`, value: result.covered, unit: 'operations' },
        {
          name: `${label} 5xx answers`,
          value: serverErrors.length,
          unit: 'requests',
          goal: atMost(0),
        },
        {
          name: `${label} other violations`,
          value: result.violations.length - serverErrors.length,
          unit: 'requests',
          goal: atMost(0),
        },
        {
          name: `${label} undocumented routes`,
          value: result.undocumented.length,
          unit: 'routes',
          goal: atMost(0),
        },
      ],
      details: {
        database: label,
        seed,
        cases: result.cases,
        seconds: round(result.seconds),
        operations: result.operations,
        covered: result.covered,
        statusCounts: result.statusCounts,
        byOperation: result.byOperation,
        undocumented: result.undocumented,
        violations: result.violations.slice(0, 200),
      },
    };
  } finally {
    await ctx.close();
  }
}
