import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePortal } from './support/app';

const app = usePortal();

/**
 * What goes wrong on a page from before its first script: CSP violations (the DOM event, which
 * the init script sees whatever the policy says), uncaught errors, and console errors. Failed
 * requests the app expects (a 401 before sign-in) are the network's, not the page's, and left out.
 */
async function watch(page: Page): Promise<{ problems: string[]; violations: string[] }> {
  const problems: string[] = [];
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const page = window as unknown as { reportCspViolation: (text: string) => void };
      page.reportCspViolation(`${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error' && !/Content.Security.Policy|Permissions.Policy/i.test(text))
      return;
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    problems.push(`console: ${text}`);
  });
  return { problems, violations };
}

describe('the portal under its Content-Security-Policy', () => {
  it('signs in, shows the dashboard and the devices, and installs its service worker', async () => {
    const { page, close } = await app.openPage();
    const { problems, violations } = await watch(page);
    const first = await page.goto(app.url('login'));
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await app.signIn(page, 'admin@demo.test');
    await page
      .getByRole('heading', { name: /dashboard/i })
      .first()
      .waitFor();
    await page.goto(app.url('devices'));
    await page.getByRole('row').nth(1).waitFor();
    // The worker's own scripts and its precache fetches run under the policy its script came with.
    const worker = await page.evaluate(async () => {
      const { active } = await navigator.serviceWorker.ready;
      if (active && active.state !== 'activated')
        await new Promise((resolve) => {
          active.addEventListener('statechange', resolve);
        });
      return active?.state;
    });
    expect(worker).toBe('activated');
    await page.reload();
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('lets the page open the hub’s WebSocket on its own origin, and nothing elsewhere', async () => {
    const { page, close } = await app.openPage();
    const { violations } = await watch(page);
    await page.goto(app.url('login'));
    await page.getByLabel('Email').waitFor();
    const open = (url: string) =>
      page.evaluate(
        (target) =>
          new Promise<void>((resolve) => {
            const socket = new WebSocket(target);
            socket.onerror = () => {
              resolve();
            };
            socket.onopen = () => {
              socket.close();
              resolve();
            };
          }),
        url,
      );
    // Refused by the hub (no token): what matters is that the browser let the page try.
    await open(app.url('api/socketdevicetests/ws?IMEI=1').replace(/^http/, 'ws'));
    expect(violations).toEqual([]);
    // The watcher sees what the policy blocks.
    await open('ws://elsewhere.invalid/socket');
    await expect
      .poll(() => violations)
      .toEqual(['connect-src blocked ws://elsewhere.invalid/socket']);
    await close();
  });

  it('renders the API documentation', async () => {
    const { page, close } = await app.openPage();
    const { problems, violations } = await watch(page);
    const response = await page.goto(app.url('api/docs'));
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('Fleet Portal middleware API').first().waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });
});
