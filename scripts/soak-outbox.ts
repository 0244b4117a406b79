/**
 * npx tsx scripts/soak-outbox.ts [--cycles 200] [--seed 1]
 *
 * Soak test of the offline outbox (issue 4): randomized cycles of offline edits (modem requests
 * added through the Requests tab), reloads, browser restarts, server kills (also in the middle of
 * a replay) and reconnects, in Chromium against a real server. At the end it compares the changes
 * made with the requests on the server: made, on-server, lost, duplicated (goal: 0 and 0).
 * `soakOutbox()` is exported for bench/run.ts.
 */
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import type { Device } from '../src/shared/devices/devices';
import { atMost, type Outcome } from '../bench/report';
import {
  apiAs,
  controlledBySw,
  eventually,
  outboxBadge,
  PersistentBrowser,
  signInPage,
} from '../tests/e2e/support/outbox';
import { startPortal, type Portal } from '../tests/e2e/support/portal';

const USER = 'admin@demo.test';
const FAILURE_SHOT = '/tmp/soak-outbox-failure.png';

export interface SoakOptions {
  cycles: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface SoakResult {
  made: number;
  onServer: number;
  lost: string[];
  duplicated: string[];
  /** Changes the server refused on replay, with the reason shown. */
  failedInOutbox: string[];
  stillQueued: number;
  badge: number;
  reloads: number;
  browserRestarts: number;
  serverKills: number;
  killsDuringReplay: number;
  seconds: number;
}

/** A small seeded generator (mulberry32), so a failing run can be repeated. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nothing left to send: no change queued or on its way (failed ones wait for the installer). */
const drained = async (page: Page) =>
  (await page.locator('[data-status="queued"],[data-status="sending"]').count()) === 0;

async function addRequest(page: Page, command: string) {
  // The list grows with every cycle; the sticky header must not cover the button.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await page.getByRole('button', { name: 'Add Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Request' });
  await dialog.getByLabel('Command').fill(command);
  const save = dialog.getByRole('button', { name: 'Save' });
  // A call that hung when the network dropped holds the busy state until its time limit (30 s).
  await eventually(() => save.isEnabled(), 'Save to be enabled', 45_000);
  await save.click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Runs the soak against a portal of its own; the browser profile persists across restarts. */
export async function soakOutbox({ cycles, seed = 1, log = console.log }: SoakOptions) {
  const started = Date.now();
  const next = random(seed);
  const run = `SOAK-${seed}-${started.toString(36)}`;
  const portal: Portal = await startPortal();
  const browser = new PersistentBrowser();
  const made: string[] = [];
  const counts = { reloads: 0, browserRestarts: 0, serverKills: 0, killsDuringReplay: 0 };
  try {
    const api = await apiAs(portal.baseUrl, USER);
    const [device] = await api.get<Device[]>('devices/');
    if (!device) throw new Error('the demo has no device');
    const deviceUrl = new URL(`device/${device.Id}?tab=requests`, portal.baseUrl).toString();

    let page = await browser.open();
    await signInPage(page, portal.baseUrl, USER);
    await controlledBySw(page);
    const openRequests = async () => {
      await page.goto(deviceUrl);
      await page.getByRole('button', { name: 'Add Request' }).waitFor();
    };
    await openRequests();

    for (let cycle = 0; cycle < cycles; cycle++) {
      await runCycle(cycle).catch(async (error: unknown) => {
        await page.screenshot({ path: FAILURE_SHOT }).catch(() => undefined);
        throw new Error(`cycle ${cycle} failed (screenshot: ${FAILURE_SHOT})`, { cause: error });
      });
      if ((cycle + 1) % 10 === 0) log(`cycle ${cycle + 1}/${cycles}: ${made.length} changes made`);
    }

    async function runCycle(cycle: number) {
      const kill = next() < 0.1;
      if (kill) {
        await portal.pause();
        counts.serverKills++;
      }
      await browser.context?.setOffline(true);
      const edits = 1 + Math.floor(next() * 3);
      for (let edit = 0; edit < edits; edit++) {
        const command = `${run} ${cycle}-${edit}`;
        await addRequest(page, command);
        made.push(command);
      }
      if (next() < 0.3) {
        await page.reload();
        await page.getByRole('button', { name: 'Add Request' }).waitFor();
        counts.reloads++;
      }
      // A browser restart while offline: the outbox comes back from its own store (the device
      // page needs the query cache, which is the PWA's business, so it is reopened online).
      const restart = next() < 0.05;
      if (restart) {
        await browser.close();
        page = await browser.open();
        await browser.context?.setOffline(true);
        await page.goto(new URL('outbox', portal.baseUrl).toString());
        await page.locator('h1', { hasText: 'Outbox' }).waitFor();
        counts.browserRestarts++;
      }
      if (kill) await portal.resume();
      await browser.context?.setOffline(false);
      if (restart) await openRequests();
      if (next() < 0.08) {
        // Kill the server while the queue is being replayed, then bring it back.
        await sleep(Math.floor(next() * 400));
        await portal.pause();
        await portal.resume();
        counts.killsDuringReplay++;
      }
      // Half the time the queue builds up across cycles; otherwise let it drain.
      if (next() < 0.5) {
        await eventually(() => drained(page), 'the queue to drain', 90_000);
      }
    }

    await eventually(() => drained(page), 'the final drain', 120_000).catch(() => undefined);
    await page.goto(new URL('outbox', portal.baseUrl).toString());
    await page.locator('h1', { hasText: 'Outbox' }).waitFor();
    const failedInOutbox = await page
      .locator('[data-entry]')
      .filter({ has: page.locator('[data-status="failed"],[data-status="conflict"]') })
      .allTextContents();
    const stillQueued = await page
      .locator('[data-status="queued"],[data-status="sending"]')
      .count();
    const badge = await outboxBadge(page);

    const onServer = (await api.requests(device.IMEI))
      .map((r) => r.Command)
      .filter((command) => command.startsWith(run));
    const times = new Map<string, number>();
    for (const command of onServer) times.set(command, (times.get(command) ?? 0) + 1);
    const result: SoakResult = {
      made: made.length,
      onServer: onServer.length,
      lost: made.filter((command) => !times.has(command)),
      duplicated: [...times].filter(([, n]) => n > 1).map(([command]) => command),
      failedInOutbox,
      stillQueued,
      badge,
      ...counts,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    return result;
  } finally {
    await browser.dispose();
    await portal.stop();
  }
}

/** The soak as a bench outcome: lost and duplicated changes, goal 0 each. */
export async function benchSoakOutbox(cycles = 200): Promise<Outcome> {
  const result = await soakOutbox({ cycles });
  return {
    metrics: [
      { name: 'outbox changes made', value: result.made, unit: 'changes' },
      { name: 'outbox changes lost', value: result.lost.length, unit: 'changes', goal: atMost(0) },
      {
        name: 'outbox changes duplicated',
        value: result.duplicated.length,
        unit: 'changes',
        goal: atMost(0),
      },
    ],
    details: result,
  };
}

async function main() {
  const { values } = parseArgs({
    options: { cycles: { type: 'string', default: '200' }, seed: { type: 'string', default: '1' } },
  });
  const result = await soakOutbox({ cycles: Number(values.cycles), seed: Number(values.seed) });
  console.log(
    `made ${result.made}, on-server ${result.onServer}, lost ${result.lost.length}, ` +
      `duplicated ${result.duplicated.length}, failed in outbox ${result.failedInOutbox.length}`,
  );
  console.log(JSON.stringify(result, null, 2));
  if (result.lost.length > 0 || result.duplicated.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await main();
