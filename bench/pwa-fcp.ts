/**
 * Benchmark: a warm repeat visit of the installed PWA. First contentful paint of the signed-in
 * dashboard with the shell served by the service worker and the data restored from the persisted
 * query cache, online and offline; plus the size of the precache the service worker downloads.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/portal';
import { atMost, printBlock, type Metric, type Outcome } from './report';
import { kib, median, percentile, round } from './stats';

const LOADS = 15;
const WARM_UPS = 2;
const FCP_GOAL_MS = 150;
const PRECACHE_GOAL_KIB = 1536;
const DEMO_LOGIN = { email: 'admin@demo.test', password: 'demo1234' };

/** Files and total bytes of the precache manifest that vite-plugin-pwa wrote into dist/sw.js. */
export function precacheSize(distDir = 'dist'): { files: number; bytes: number } {
  const sw = readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/\burl:"([^"]+)"/g)].map((m) => m[1] ?? '');
  if (urls.length === 0) throw new Error(`no precache manifest found in ${distDir}/sw.js`);
  const unique = [...new Set(urls)];
  const bytes = unique.reduce((sum, url) => sum + statSync(path.join(distDir, url)).size, 0);
  return { files: unique.length, bytes };
}

/** Reloads and reads this load's first contentful paint; fails if the SW did not serve it. */
async function fcpOfReload(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'load' });
  return page.evaluate(async () => {
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    if (!navigator.serviceWorker.controller || !navigation || navigation.workerStart === 0) {
      throw new Error('this load was not served by the service worker');
    }
    return new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const fcp = list.getEntriesByName('first-contentful-paint')[0];
        if (fcp) resolve(fcp.startTime);
      }).observe({ type: 'paint', buffered: true });
    });
  });
}

async function series(page: Page): Promise<number[]> {
  for (let i = 0; i < WARM_UPS; i++) await fcpOfReload(page);
  const samples: number[] = [];
  for (let i = 0; i < LOADS; i++) samples.push(round(await fcpOfReload(page), 1));
  return samples;
}

/** `url`: the portal's base address, serving the built PWA with the demo data. */
export async function benchPwaFcp(url: string): Promise<Outcome> {
  const precache = precacheSize();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(new URL('login', url).toString());
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText('Last message').first().waitFor();

    const online = await series(page);
    // Playwright's offline mode is CDP Network.emulateNetworkConditions for the page and its worker.
    await context.setOffline(true);
    const offline = await series(page);
    await context.close();

    const metrics: Metric[] = [];
    const rows: string[] = [];
    for (const [name, samples] of [
      ['online', online],
      ['offline', offline],
    ] as const) {
      const p50 = median(samples);
      const p95 = percentile(samples, 95);
      metrics.push(
        {
          name: `repeat-visit FCP ${name}, median`,
          value: p50,
          unit: 'ms',
          goal: atMost(FCP_GOAL_MS),
        },
        {
          name: `repeat-visit FCP ${name}, p95`,
          value: p95,
          unit: 'ms',
          goal: atMost(FCP_GOAL_MS),
        },
      );
      rows.push(`${name.padEnd(8)} median ${p50} ms  p95 ${p95} ms  (${samples.join(', ')})`);
    }
    const precacheKib = kib(precache.bytes);
    metrics.push({
      name: 'precache size',
      value: precacheKib,
      unit: 'KiB',
      goal: atMost(PRECACHE_GOAL_KIB),
    });

    printBlock(`PWA repeat visit of / (${LOADS} loads each, after ${WARM_UPS} warm-ups)`, [
      ...rows,
      `precache: ${precache.files} files, ${precacheKib} KiB (uncompressed, as stored)`,
      `goals: FCP <= ${FCP_GOAL_MS} ms (median and p95), precache <= ${PRECACHE_GOAL_KIB} KiB`,
    ]);
    return {
      metrics,
      details: { url, loads: LOADS, warmUps: WARM_UPS, online, offline, precache },
    };
  } finally {
    await browser.close();
  }
}
