/** Benchmark 3: Lighthouse performance and accessibility of /login, desktop and mobile presets. */
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort, type Portal } from '../tests/e2e/support/portal';
import { atLeast, printBlock, type Metric, type Outcome } from './report';
import { median, round } from './stats';

const RUNS = 5;
const PRESETS: { name: 'desktop' | 'mobile'; config: Config | undefined; goal: number }[] = [
  { name: 'desktop', config: desktopConfig, goal: 100 },
  // Lighthouse's default config is the mobile one (emulated phone, simulated slow 4G).
  { name: 'mobile', config: undefined, goal: 95 },
];
const TIMINGS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

interface FailingAudit {
  id: string;
  title: string;
  /** Where it fails (CSS selectors), so it can be fixed without opening a report. */
  nodes: string[];
}

interface Run {
  performance: number;
  accessibility: number;
  timings: Record<string, number>;
  failingAccessibility: FailingAudit[];
  /** Performance audits scoring under 0.9 (what to look at when the score drops). */
  weakPerformance: string[];
  /** Lighthouse's measure of the host CPU; low values mean a busy or slow machine. */
  benchmarkIndex: number;
  warnings: string[];
}

const score = (lhr: Result, category: string): number =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

function failingAccessibility(lhr: Result): FailingAudit[] {
  return (lhr.categories.accessibility?.auditRefs ?? []).flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    // Manual, informative and not-applicable audits have no pass/fail score.
    if (!audit || audit.score === null || audit.score >= 1) return [];
    if (audit.scoreDisplayMode !== 'binary' && audit.scoreDisplayMode !== 'numeric') return [];
    const items = (audit.details as { items?: { node?: { selector?: string } }[] } | undefined)
      ?.items;
    const nodes = (items ?? []).flatMap((i) => (i.node?.selector ? [i.node.selector] : []));
    return [{ id: ref.id, title: audit.title, nodes: nodes.slice(0, 5) }];
  });
}

function weakPerformance(lhr: Result): string[] {
  return (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group !== 'metrics')
    .filter((ref) => {
      const audit = lhr.audits[ref.id];
      return audit && audit.score !== null && audit.score < 0.9;
    })
    .map((ref) => ref.id);
}

/** One Lighthouse run in a Chromium of its own: no cache, storage or service worker carried over. */
async function runOnce(url: string, config: Config | undefined): Promise<Run> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(
      url,
      { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      config,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const timings: Record<string, number> = {};
    for (const id of TIMINGS) {
      const value = lhr.audits[id]?.numericValue ?? Number.NaN;
      timings[id] = round(value, id === 'cumulative-layout-shift' ? 3 : 0);
    }
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      timings,
      failingAccessibility: failingAccessibility(lhr),
      weakPerformance: weakPerformance(lhr),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warnings: lhr.runWarnings,
    };
  } finally {
    await browser.close();
  }
}

export async function benchLighthouse(portal: Portal): Promise<Outcome> {
  const url = new URL('login', portal.baseUrl).toString();
  const metrics: Metric[] = [];
  const details: Record<string, unknown> = { url, runs: RUNS };
  for (const preset of PRESETS) {
    const runs: Run[] = [];
    for (let i = 1; i <= RUNS; i++) {
      console.log(`[lighthouse] ${preset.name} run ${i}/${RUNS}…`);
      runs.push(await runOnce(url, preset.config));
    }
    const perf = median(runs.map((r) => r.performance));
    const a11y = median(runs.map((r) => r.accessibility));
    const failing = new Map<string, FailingAudit>();
    for (const audit of runs.flatMap((r) => r.failingAccessibility)) failing.set(audit.id, audit);
    const warnings = [...new Set(runs.flatMap((r) => r.warnings))];
    const weak = [...new Set(runs.flatMap((r) => r.weakPerformance))];
    metrics.push(
      {
        name: `${preset.name} performance`,
        value: perf,
        unit: 'score',
        goal: atLeast(preset.goal),
      },
      {
        name: `${preset.name} accessibility`,
        value: a11y,
        unit: 'score',
        goal: atLeast(preset.goal),
      },
    );
    details[preset.name] = { performance: perf, accessibility: a11y, runs };

    printBlock(`Lighthouse /login, ${preset.name} preset (${RUNS} runs)`, [
      `performance   median ${perf}  runs ${runs.map((r) => r.performance).join(', ')}`,
      `accessibility median ${a11y}  runs ${runs.map((r) => r.accessibility).join(', ')}`,
      ...TIMINGS.map((t) => {
        const values = runs.map((r) => r.timings[t] ?? Number.NaN);
        const unit = t === 'cumulative-layout-shift' ? '' : ' ms';
        return `  ${t.padEnd(26)} median ${median(values)}${unit}`;
      }),
      `host benchmarkIndex: ${runs.map((r) => r.benchmarkIndex).join(', ')}`,
      `performance audits under 0.9 in some run: ${weak.join(', ') || 'none'}`,
      failing.size
        ? `failing accessibility audits: ${[...failing.values()]
            .map((a) => `${a.id} (${a.nodes.join(', ') || a.title})`)
            .join('; ')}`
        : 'failing accessibility audits: none',
      ...warnings.map((w) => `warning: ${w}`),
      `goal: >= ${preset.goal} for both`,
    ]);
  }
  return { metrics, details };
}
