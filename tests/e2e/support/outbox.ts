import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { LoginResponse } from '../../../src/shared/access/auth';
import type { DeviceSetting, ModemRequest } from '../../../src/shared/devices/devices';
import { DEMO_PASSWORD } from './app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './portal';

/**
 * A browser profile on disk: closing and reopening it is a browser restart with the same
 * IndexedDB, localStorage and service worker.
 */
export class PersistentBrowser {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'fp-outbox-profile-'));
  context: BrowserContext | undefined;
  /** Alert texts of every page, in order; every alert is accepted. */
  readonly dialogs: string[] = [];

  async open(viewport = { width: 1440, height: 900 }): Promise<Page> {
    this.context = await chromium.launchPersistentContext(this.dir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
    });
    const watch = (page: Page) => {
      page.on('dialog', (dialog) => {
        this.dialogs.push(dialog.message());
        void dialog.accept();
      });
    };
    // The page a persistent context opens with exists before any 'page' event.
    const first = this.context.pages()[0];
    if (first) watch(first);
    this.context.on('page', watch);
    return first ?? (await this.context.newPage());
  }

  async close(): Promise<void> {
    await this.context?.close();
    this.context = undefined;
  }

  async dispose(): Promise<void> {
    await this.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Waits until the service worker controls the page, so it can reload with the server down. */
export async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) await page.reload();
}

export async function signInPage(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(new URL('login', baseUrl).toString());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Signs in through the API; the answer's access token. */
export async function accessTokenOf(baseUrl: string, email: string): Promise<string> {
  const login = await fetch(new URL('api/auth/login', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as LoginResponse).AccessToken;
}

/** The API as seen from the test: what the server really holds. */
export async function apiAs(baseUrl: string, email: string) {
  let token = await accessTokenOf(baseUrl, email);
  const get = async <T>(apiPath: string): Promise<T> => {
    const send = () =>
      fetch(new URL(`api/${apiPath}`, baseUrl), { headers: { Authorization: `Bearer ${token}` } });
    let response = await send();
    // Access tokens are short-lived (decision 023): a long test signs in again.
    if (response.status === 401) {
      token = await accessTokenOf(baseUrl, email);
      response = await send();
    }
    if (!response.ok) throw new Error(`GET ${apiPath}: ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    get,
    requests: (imei: string) => get<ModemRequest[]>(`devices/modemrequests/${imei}`),
    settings: (imei: string) => get<DeviceSetting[]>(`devices/settings/${imei}`),
  };
}

/** Polls until `check` holds (or throws after the timeout). */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The number in the Outbox badge (0 when it is not shown), read in one go: it comes and goes. */
export async function outboxBadge(page: Page): Promise<number> {
  const counts = await page
    .locator('[data-outbox-count]')
    .evaluateAll((nodes) =>
      nodes
        .filter((node) => node instanceof HTMLElement && node.offsetParent !== null)
        .map((node) => Number(node.getAttribute('data-outbox-count'))),
    );
  return counts[0] ?? 0;
}

/** The states shown on the Outbox screen, in order. */
export async function outboxStatuses(page: Page): Promise<string[]> {
  return page
    .locator('[data-entry] [data-status]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status') ?? ''));
}

/**
 * The query keys the page has saved for offline use (the persisted query cache in IndexedDB),
 * each as JSON. A screen is available offline once its queries are among them.
 */
export async function savedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('fleet-portal-query-cache');
      request.onsuccess = () => {
        resolve(request.result);
      };
      request.onerror = () => {
        reject(request.error ?? new Error('IndexedDB open failed'));
      };
    });
    try {
      if (!database.objectStoreNames.contains('clients')) return [];
      const clients = await new Promise<unknown[]>((resolve, reject) => {
        const request = database.transaction('clients').objectStore('clients').getAll();
        request.onsuccess = () => {
          resolve(request.result as unknown[]);
        };
        request.onerror = () => {
          reject(request.error ?? new Error('IndexedDB read failed'));
        };
      });
      type Saved = { clientState: { queries: { queryKey: unknown }[] } };
      return (clients as Saved[]).flatMap((client) =>
        client.clientState.queries.map((query) => JSON.stringify(query.queryKey)),
      );
    } finally {
      database.close();
    }
  });
}
