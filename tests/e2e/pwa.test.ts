import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../src/shared/devices/devices';
import { DEMO_PASSWORD, DESKTOP } from './support/app';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  launchBrowser,
  startPortal,
  type Portal,
} from './support/portal';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await portal.stop();
});

const url = (path: string) => new URL(path, portal.baseUrl).toString();

/** Waits until the service worker is active and controls the page (after one reload if needed). */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) await page.reload();
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(url('login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** True once the persisted query cache (IndexedDB) holds a query whose key starts with `head`. */
function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('fleet-portal-query-cache');
        open.onerror = () => {
          reject(new Error('cannot open the query cache'));
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('clients')) {
            resolve([]);
            return;
          }
          const all = db.transaction('clients').objectStore('clients').getAll();
          all.onsuccess = () => {
            const clients = all.result as { clientState: { queries: { queryKey: unknown }[] } }[];
            resolve(
              clients.flatMap((c) => c.clientState.queries.map((q) => JSON.stringify(q.queryKey))),
            );
            db.close();
          };
        };
      }),
  );
}

describe('installable PWA', () => {
  let context: BrowserContext;
  let page: Page;
  // Chromium never offers to install from an incognito-like context: use a real profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'fp-e2e-profile-'));
  beforeAll(async () => {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: DESKTOP,
    });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url('login'));
  });
  afterAll(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('has a complete web manifest with loadable icons', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(url('manifest.webmanifest'));
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'Fleet Portal',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1549de',
      background_color: '#f8fafc',
    });
    expect(manifest.name).toContain('Fleet Portal');
    const icon = (sizes: string, purpose: string) =>
      manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any') === purpose);
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const found = icon(sizes, purpose);
      expect(found, `${sizes} ${purpose} icon`).toBeDefined();
      const image = await page.request.get(url(found?.src ?? ''));
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
  });

  it('reports no installability errors in Chromium', async () => {
    await controlledBySw(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  });

  it('is controlled by the service worker after a reload, which leaves /api alone', async () => {
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      url('sw.js'),
    );
    // A navigation to the API must reach the server, not fall back to the app shell.
    const health = await page.goto(url('api/health'));
    expect(health?.headers()['content-type']).toContain('application/json');
  });
});

describe('offline from the persisted cache', () => {
  it('shows the devices list offline, says what was never loaded, and recovers', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signIn(page, 'user@demo.test');
      await controlledBySw(page);
      await page.goto(url('devices'));
      const imeiLinks = page.locator('table a[href^="/device/"]');
      await imeiLinks.first().waitFor();
      const shownImeis = await imeiLinks.allTextContents();
      // A device whose page was never opened (its query was never cached).
      const devices = await page.evaluate(async () => {
        const response = await fetch('/api/devices/chunk/', {
          headers: { Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}` },
        });
        return (await response.json()) as Device[];
      });
      const unvisited = devices[1];
      if (!unvisited) throw new Error('the demo user has fewer than two devices');
      await expect
        .poll(async () => (await persistedQueryKeys(page)).some((k) => k.includes('devices')), {
          timeout: 10_000,
        })
        .toBe(true);

      await portal.pause();
      await page.reload();
      // The shell came from the service worker (the server is down) and the list from the cache.
      await imeiLinks.first().waitFor();
      expect(await imeiLinks.allTextContents()).toEqual(shownImeis);
      const banner = page.getByRole('status').filter({ hasText: 'Offline' });
      await expect
        .poll(() => banner.textContent())
        .toMatch(/Offline — data from \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
      await page.screenshot({ path: '/tmp/shots/pwa/e2e-devices-offline.png' });

      await page.goto(url(`device/${unvisited.Id}`));
      await page.getByText('Not available offline').waitFor();
      await page.screenshot({ path: '/tmp/shots/pwa/e2e-device-not-available.png' });

      await portal.resume();
      // The backoff probe notices the server; the paused query then loads the device.
      await page.getByRole('heading', { name: unvisited.IMEI }).waitFor({ timeout: 40_000 });
      expect(await banner.count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
