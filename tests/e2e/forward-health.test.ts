import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/api/api-paths';
import { DEVICE_LINK_PATH } from '../../src/shared/devices/device-link';
import type { Device } from '../../src/shared/devices/devices';
import {
  FORWARD_STATE_LABELS,
  replayQuestion,
  replayStarted,
  type ReplayAnswer,
} from '../../src/shared/forwards/forward-health';
import type { DeviceForward } from '../../src/shared/forwards/forwards';
import { signDeviceMessage } from '../../src/server/auth/device-signing';
import { toastOf, usePortal, type OpenPage } from './support/app';
import { axeViolations } from './support/axe';
import { pageApi as api, issueCredential } from './support/page-api';

const app = usePortal();
const SHOTS = '/tmp/shots/forward-health';
const SIZES = {
  390: { width: 390, height: 844 },
  1024: { width: 1024, height: 768 },
  1440: { width: 1440, height: 900 },
} as const;
/** The Forwards table at a laptop's and a small desktop's width, besides those above. */
const TABLE_SIZES = { 1024: SIZES[1024], 1366: { width: 1366, height: 768 } } as const;
const STATES = Object.values(FORWARD_STATE_LABELS);
const SENT = 3;

/** Posts signed messages to the device link as the tracker would (RT: no MessageType). */
async function sendAsDevice(imei: string, credential: string, count: number) {
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({ IMEI: imei, Timestamp: new Date().toISOString() });
    const response = await fetch(app.url(DEVICE_LINK_PATH.slice(1)), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...signDeviceMessage(credential, body) },
      body,
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
  }
}

/** The first demo device with a forward on its RT slot. */
async function deviceWithForward(page: Page): Promise<{ device: Device; slot: DeviceForward }> {
  for (const device of await api<Device[]>(page, 'devices/')) {
    const slots = await api<DeviceForward[]>(page, apiPaths.deviceForwards(device.IMEI));
    const slot = slots.find((s) => s.MessageType === 'RT' && s.ForwardId !== null);
    if (slot) return { device, slot };
  }
  throw new Error('no demo device has an RT forward');
}

/** Waits for a dialog's fade to end, so a screenshot and axe see it as the user does. */
const settled = async (dialog: Locator) => {
  await dialog.getByRole('heading').first().waitFor();
  await dialog.page().waitForTimeout(250);
};

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** What the Forwards table hides: sideways scroll, and headers or delivery lines cut short. */
const tableFit = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('table');
    const box = table?.parentElement;
    const cut = (el: Element) => el.scrollWidth > el.clientWidth;
    const heads = Array.from(document.querySelectorAll('th'));
    const delivery = Array.from(
      document.querySelectorAll('td button[aria-label*=": health of"] span'),
    );
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: box ? box.scrollWidth - box.clientWidth : -1,
      cutHeaders: heads
        .filter((th) => cut(th.querySelector('button span') ?? th))
        .map((th) => th.textContent),
      cutDelivery: delivery.filter(cut).map((span) => span.textContent),
    };
  });

describe('forward health and replay (issue 15)', () => {
  let session: OpenPage | undefined;
  let device: Device;
  let slot: DeviceForward;
  const opened = (): Page => {
    if (!session) throw new Error('the page did not open');
    return session.page;
  };
  const name = () => slot.Name ?? '';
  /**
   * The forward's row on the Forwards page: names repeat across customers and every demo forward
   * sends to the local receiver, so the row is the one of the device's customer.
   */
  const forwardRow = (page: Page) =>
    page
      .getByRole('row')
      .filter({ hasText: device.Customer ?? '' })
      .filter({ has: page.getByRole('button', { name: `Health of ${name()}`, exact: true }) });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await app.openPage(SIZES[1440]);
    await app.signIn(session.page, 'admin@demo.test');
    ({ device, slot } = await deviceWithForward(session.page));
    const { Credential } = await issueCredential(session.page, device.Id);
    await sendAsDevice(device.IMEI, Credential, SENT);
  });
  afterAll(async () => {
    expect(session?.dialogs).toEqual([]);
    await session?.close();
  });

  it('shows live delivery in one column of the Forwards page and opens the detail panel', async () => {
    const page = opened();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/forwards/health?')) asked.push(request.url());
    });
    await page.goto(app.url('forwards'));
    const table = page.getByRole('table', { name: 'Forwards' });
    await table.waitFor();
    // Every spec column, in its order, with Delivery after Status.
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Customer',
      'Name',
      'IP',
      'Port',
      'Protocol',
      'Username',
      'Password',
      'API_Key',
      'Authorization',
      'Status',
      'Delivery',
      'Devices',
      'Actions',
    ]);
    const row = forwardRow(page);
    const delivery = row.getByRole('button', { name: `: health of ${name()}` });
    await delivery.waitFor();
    // The state in words (its badge), then what waits or what was delivered.
    const said = (await delivery.getAttribute('aria-label')) ?? '';
    expect(STATES).toContain(said.split(',')[0]);
    expect(said).toMatch(/^\w+, (\d+ failed, )?([\d.]+[KM]?\+? waiting|[\d.]+[KM]? in 24 h)/);
    expect(STATES).toContain(await delivery.locator('span').first().textContent());
    const box = await delivery.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    // Live: asked again while the page is open.
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    // The whole table at 1440 px: nothing scrolls sideways, no header or delivery line is cut.
    expect(await tableFit(page)).toEqual({ page: 0, table: 0, cutHeaders: [], cutDelivery: [] });
    await page.screenshot({ path: `${SHOTS}/forwards-1440.png` });
    await expectAxeClean(page);
    // Keyboard focus shows on the cell that opens the panel.
    await delivery.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await delivery.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    expect(await delivery.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.screenshot({ path: `${SHOTS}/forwards-focus-1440.png` });
    for (const [size, viewport] of Object.entries(TABLE_SIZES)) {
      await page.setViewportSize(viewport);
      // Below 1440 px the table scrolls sideways as it did before; nothing on the page does.
      expect((await tableFit(page)).page).toBe(0);
      await page.screenshot({ path: `${SHOTS}/forwards-${size}.png` });
      await expectAxeClean(page);
    }
    await page.setViewportSize(SIZES[1440]);

    await row.getByRole('button', { name: `Health of ${name()}`, exact: true }).click();
    const panel = page.getByRole('dialog', { name: `Health of ${name()}` });
    await settled(panel);
    for (const term of ['Backlog', 'Lag', 'Delivered 24h', 'Failed 24h', 'Given up 24h'])
      await panel.getByRole('term').filter({ hasText: term }).first().waitFor();
    await panel.getByRole('region', { name: 'Last error' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/panel-1440.png` });
    await expectAxeClean(page);
  });

  it('replays a window after saying how many messages it holds', async () => {
    const page = opened();
    const panel = page.getByRole('dialog', { name: `Health of ${name()}` });
    await panel.getByRole('button', { name: 'Replay' }).click();
    const replay = page.getByRole('dialog', { name: `Replay ${name()}` });
    await settled(replay);
    // The window of the last hour holds the messages just sent; the count is the server's.
    const local = {
      From: await replay.getByLabel('From', { exact: true }).inputValue(),
      To: await replay.getByLabel('To', { exact: true }).inputValue(),
    };
    // DD-MM-YYYY HH:mm, read in the browser's time zone as the dialog sends them.
    const window = await page.evaluate((w) => {
      const instant = (text: string) => {
        const [day = '', month = '', year = '', hour = '', minute = ''] = text.split(/[- :]/);
        return new Date(+year, +month - 1, +day, +hour, +minute).toISOString();
      };
      return { From: instant(w.From), To: instant(w.To) };
    }, local);
    const { Messages } = await api<ReplayAnswer>(
      page,
      `${apiPaths.forwardReplay(slot.ForwardId ?? 0)}?${new URLSearchParams(window).toString()}`,
    );
    expect(Messages).toBeGreaterThanOrEqual(SENT);
    await replay.getByRole('button', { name: 'Next' }).click();
    await replay.getByText(replayQuestion(Messages, name())).waitFor();
    await page.screenshot({ path: `${SHOTS}/replay-confirm-1440.png` });
    await expectAxeClean(page);

    await replay.getByRole('button', { name: 'Confirm' }).click();
    await toastOf(page, replayStarted(Messages, name())).waitFor();
    await replay.waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Close' }).last().click();
    await panel.waitFor({ state: 'detached' });
  });

  it("shows the forward's State, Backlog and Lag on the device's Message forwards tab", async () => {
    const page = opened();
    await page.goto(app.url(`device/${String(device.Id)}?tab=forwards`));
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      const state = page.getByRole('button', { name: `: health of ${name()}` }).first();
      await state.waitFor();
      expect(STATES).toContain(await state.textContent());
      await page.screenshot({ path: `${SHOTS}/device-forwards-${size}.png`, fullPage: true });
      await expectAxeClean(page);
    }
    await page.setViewportSize(SIZES[390]);
    await page.getByRole('button', { name: 'Health of Tracking (RT)', exact: true }).click();
    const panel = page.getByRole('dialog', { name: `Health of ${name()}` });
    await settled(panel);
    await panel.getByRole('button', { name: 'Replay' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/device-panel-390.png` });
    await expectAxeClean(page);
  });
});

describe('forward health for a Viewer', () => {
  it('shows the health and its panel, without Replay', async () => {
    const viewer = await app.openPage(SIZES[390]);
    try {
      const page = viewer.page;
      await app.signIn(page, 'viewer@demo.test');
      await page.goto(app.url('forwards'));
      // The card carries the same compact delivery as the table, on a line of its own.
      const card = page.getByRole('article').first();
      const delivery = card.getByRole('button', { name: /: health of / });
      await delivery.waitFor();
      expect(STATES).toContain(await delivery.locator('span').first().textContent());
      expect((await delivery.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      expect(await card.getByRole('term').last().textContent()).toBe('Delivery');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      const health = card.getByRole('button', { name: 'Health', exact: true });
      await health.click();
      const panel = page.getByRole('dialog', { name: /^Health of / });
      await settled(panel);
      await panel.getByRole('term').filter({ hasText: 'Backlog' }).waitFor();
      expect(await panel.getByRole('button', { name: 'Replay' }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/viewer-panel-390.png` });
      await expectAxeClean(page);
      await panel.getByRole('button', { name: 'Close' }).last().click();
      await page.screenshot({ path: `${SHOTS}/forwards-390.png`, fullPage: true });
      expect(viewer.dialogs).toEqual([]);
    } finally {
      await viewer.close();
    }
  });
});
