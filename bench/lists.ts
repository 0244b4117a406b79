/**
 * Benchmark: a list-kit screen holding 5,000 rows in Chromium, as built. How long from the
 * rows' answer arriving to the first rows on screen (parse, validation, render), and the long
 * tasks (> 50 ms) while the table is scrolled from top to bottom.
 *
 * The rows come from the browser's network layer (page.route), not the server, so the numbers
 * are the client's alone and any list screen can be measured with any number of rows. The
 * default is /customers (5,000 customers searched in the browser); `BENCH_LIST=devices npm run
 * bench -- --only lists` measures the devices list with 5,000 loaded rows (one page). Another
 * screen is one entry in TARGETS.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser, type Portal } from '../tests/e2e/support/portal';
import { customerRow, deviceRow } from './list-rows';
import { atMost, printBlock, type Metric, type Outcome } from './report';
import { median, round } from './stats';

const ROWS = 5_000;
const RUNS = 3;
const VIEWPORT = { width: 1440, height: 900 };
const LOGIN = { email: 'admin@demo.test', password: 'demo1234' };
/** What "fast" means here: no frame held up while scrolling, rows within a blink of the data. */
const LONG_TASK_GOAL = 0;
const FIRST_ROWS_GOAL_MS = 500;

interface Target {
  /** The screen's route. */
  path: string;
  /** The API path (relative to /api/) whose answer is the rows. */
  rows: string;
  row: (i: number) => Record<string, unknown>;
  /** Other calls of the screen to answer (count calls, next pages). */
  answers?: Record<string, (url: URL) => unknown>;
}

const TARGETS: Record<string, Target> = {
  // One page of 5,000: the kit asks for the next after the last Id, which is empty.
  devices: {
    path: 'devices',
    rows: 'devices/chunk/',
    row: deviceRow,
    answers: { 'devices/all/': () => ROWS, [`devices/chunk/${String(ROWS)}`]: () => [] },
  },
  customers: { path: 'customers', rows: 'customers/', row: customerRow },
};

interface Run {
  /** From the rows' answer (headers in) to the first row on screen (the frame after). */
  dataToFirstRowsMs: number;
  longTasks: number[];
  scrolledPx: number;
  frames: number;
}

/** Installed before the app: when the rows' answer arrives, and when the first row shows. */
function instrument(rowsPath: string) {
  const state = { answeredAt: 0, firstRowAt: 0, longTasks: [] as number[], counting: false };
  (window as unknown as { listBench: typeof state }).listBench = state;
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, location.href).pathname === `/api/${rowsPath}`) {
      state.answeredAt = performance.now();
    }
    return response;
  };
  new MutationObserver((_, observer) => {
    if (state.answeredAt === 0) return;
    if (document.querySelector('tr[aria-rowindex="2"], [role="listitem"]')) {
      observer.disconnect();
      requestAnimationFrame(() => {
        state.firstRowAt = performance.now();
      });
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    if (!state.counting) return;
    for (const entry of list.getEntries()) state.longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask' });
}

// The functions that run in the page declare no named functions inside: tsx would wrap them in
// a helper the page does not have.

/** Scrolls the table's box (or the page, for cards) to the bottom, a screenful per frame. */
async function scrollToEnd(page: Page): Promise<{ scrolledPx: number; frames: number }> {
  return page.evaluate(async () => {
    const box = document.querySelector('table')?.parentElement ?? document.scrollingElement;
    if (!box) throw new Error('nothing to scroll');
    let frames = 0;
    const start = box.scrollTop;
    while (box.scrollTop + box.clientHeight < box.scrollHeight - 1) {
      box.scrollTop += Math.round(box.clientHeight * 0.8);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      frames += 1;
    }
    // Let a last render finish, and its long task be reported, before they are read.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { scrolledPx: box.scrollTop - start, frames };
  });
}

async function answerRows(context: BrowserContext, target: Target): Promise<void> {
  const rows = JSON.stringify(Array.from({ length: ROWS }, (_, i) => target.row(i)));
  await context.route('**/api/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.replace(/^\/api\//, '');
    if (path === target.rows && url.search === '') {
      await route.fulfill({ contentType: 'application/json', body: rows });
      return;
    }
    const answer = target.answers?.[path];
    if (answer) await route.fulfill({ json: answer(url) });
    else await route.fallback();
  });
}

async function runOnce(context: BrowserContext, portal: Portal, target: Target): Promise<Run> {
  const page = await context.newPage();
  try {
    await page.addInitScript(instrument, target.rows);
    await page.goto(new URL(target.path, portal.baseUrl).toString());
    await page
      .waitForFunction(
        () => (window as unknown as { listBench: { firstRowAt: number } }).listBench.firstRowAt > 0,
        undefined,
        { timeout: 60_000 },
      )
      .catch(async (error: unknown) => {
        const shown = (await page.locator('main').textContent()) ?? '';
        throw new Error(`no rows on /${target.path}: ${shown.slice(0, 300)}`, { cause: error });
      });
    const { answeredAt, firstRowAt } = await page.evaluate(
      () =>
        (window as unknown as { listBench: { answeredAt: number; firstRowAt: number } }).listBench,
    );
    // Settle, then count long tasks only while scrolling.
    await page.waitForTimeout(1_000);
    await page.evaluate(() => {
      (window as unknown as { listBench: { counting: boolean } }).listBench.counting = true;
    });
    const scrolled = await scrollToEnd(page);
    const longTasks = await page.evaluate(
      () => (window as unknown as { listBench: { longTasks: number[] } }).listBench.longTasks,
    );
    if (scrolled.scrolledPx < 1_000)
      throw new Error(`only ${String(scrolled.scrolledPx)} px to scroll`);
    return { dataToFirstRowsMs: round(firstRowAt - answeredAt, 1), longTasks, ...scrolled };
  } finally {
    await page.close();
  }
}

/**
 * Signs in once through the form. Each run then gets a context of its own with that session
 * (local storage and cookies) but no IndexedDB: a persisted query cache would show rows without
 * asking for them.
 */
async function signIn(browser: Browser, portal: Portal) {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(new URL('login', portal.baseUrl).toString());
  await page.getByLabel('Email').fill(LOGIN.email);
  await page.getByLabel('Password').fill(LOGIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  const session = await context.storageState();
  await context.close();
  return session;
}

export async function benchLists(
  portal: Portal,
  which = process.env.BENCH_LIST ?? 'customers',
): Promise<Outcome> {
  const target = TARGETS[which];
  if (!target)
    throw new Error(`BENCH_LIST: unknown list ${which} (${Object.keys(TARGETS).join('|')})`);
  const browser = await launchBrowser();
  try {
    const session = await signIn(browser, portal);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      // The service worker would answer the app's calls out of page.route's sight.
      const context = await browser.newContext({
        viewport: VIEWPORT,
        serviceWorkers: 'block',
        storageState: session,
      });
      try {
        await answerRows(context, target);
        runs.push(await runOnce(context, portal, target));
      } finally {
        await context.close();
      }
    }

    const firstRows = median(runs.map((r) => r.dataToFirstRowsMs));
    const longTasks = runs.flatMap((r) => r.longTasks);
    const metrics: Metric[] = [
      {
        name: `/${target.path} ${String(ROWS)} rows: data to first rows, median`,
        value: firstRows,
        unit: 'ms',
        goal: atMost(FIRST_ROWS_GOAL_MS),
      },
      {
        name: `/${target.path} ${String(ROWS)} rows: long tasks while scrolling`,
        value: longTasks.length,
        unit: 'tasks',
        goal: atMost(LONG_TASK_GOAL),
      },
      {
        name: `/${target.path} ${String(ROWS)} rows: longest task while scrolling`,
        value: Math.max(0, ...longTasks),
        unit: 'ms',
      },
    ];
    printBlock(
      `/${target.path} with ${String(ROWS)} rows at ${String(VIEWPORT.width)} px (${String(RUNS)} runs)`,
      [
        ...runs.map(
          (r, i) =>
            `run ${String(i + 1)}: data to first rows ${String(r.dataToFirstRowsMs)} ms; ` +
            `scrolled ${String(r.scrolledPx)} px in ${String(r.frames)} frames; ` +
            `long tasks: ${r.longTasks.length ? r.longTasks.join(', ') + ' ms' : 'none'}`,
        ),
        `goals: data to first rows <= ${String(FIRST_ROWS_GOAL_MS)} ms, ${String(LONG_TASK_GOAL)} long tasks (> 50 ms) while scrolling`,
      ],
    );
    return { metrics, details: { target: which, rows: ROWS, viewport: VIEWPORT, runs } };
  } finally {
    await browser.close();
  }
}
