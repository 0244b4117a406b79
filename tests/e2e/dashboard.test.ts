import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/shared/customers/dashboard';
import { usePortal } from './support/app';

const app = usePortal();

/** The dashboard as the API gives it to the signed-in page, to compare the screen against. */
const apiDashboard = (page: Page): Promise<Dashboard> =>
  page.evaluate(async () => {
    const response = await fetch('/api/home/dashboard', {
      headers: { Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}` },
    });
    return (await response.json()) as Dashboard;
  });

/** The Stats card as label → value. */
async function stats(page: Page): Promise<Record<string, string>> {
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Stats' }) });
  await card.locator('dt').first().waitFor();
  return card.locator('dl').evaluateAll((lists) => {
    const shown: Record<string, string> = {};
    for (const dt of lists.flatMap((list) => Array.from(list.querySelectorAll('dt')))) {
      shown[dt.textContent] = dt.nextElementSibling?.textContent ?? '';
    }
    return shown;
  });
}

const count = (n: number) => new Intl.NumberFormat('en').format(n);

describe('dashboard (spec 01 §2.5)', () => {
  it('shows the stats, the message chart and both quality charts to an admin', async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'admin@demo.test');
      const data = await apiDashboard(page);
      const shown = await stats(page);
      expect(shown).toMatchObject({
        Devices: count(data.deviceCount),
        Forwards: count(data.forwards),
        Messages: count(data.rawMessages),
      });
      if (data.logs > 0) expect(shown.Logs).toBe(count(data.logs));
      expect(shown['Last message']).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(shown['Age last message']).toMatch(/ago$/);

      await page.locator('section canvas').first().waitFor();
      for (const title of ['RawMessage Quality(Last Week)', 'Device Config Status']) {
        await page.getByRole('heading', { name: title }).waitFor();
      }
      await page.getByText('Invalid Json').waitFor();
      await page.getByText('Out of Sync').waitFor();
    } finally {
      await close();
    }
  });

  it('keeps the quality charts from other users', async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'user@demo.test');
      await stats(page);
      await page.getByRole('heading', { name: 'Message Count' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Device Config Status' }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
