import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as A from '../../src/shared/access/auth-servers';
import { COMPANY_CARD_IN_USE, type CompanyCard } from '../../src/shared/tacho/company-cards';
import type { Customer } from '../../src/shared/customers/customers';
import { toastOf, usePortal } from './support/app';
import { axeViolations } from './support/axe';

// Issue 12 items 5 and 6: /tacho for the admin, the customer detail's Company Cards and
// Authentication Servers tabs by role, the devices modal and the in-use alert.
const app = usePortal();
const SHOTS = '/tmp/shots-accounts';
const PHONE = { width: 390, height: 844 };
const NAME = 'Harbour RDL E2E';

/** A read as the signed-in page makes it. */
const read = <T>(page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(`/api/${url}`, {
      headers: { Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}` },
    });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

const customerNamed = async (page: Page, name: string) => {
  const all = await read<Customer[]>(page, 'customers/');
  const found = all.find((c) => c.Name === name);
  if (!found) throw new Error(`no customer ${name}`);
  return found;
};

describe('/tacho as the admin', () => {
  it('lists, creates, updates and removes an authentication server; axe clean', async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('tacho'));
      await page.getByRole('heading', { name: 'Authentication Servers', level: 1 }).waitFor();
      await page.getByRole('row', { name: /Atlas RDL server/ }).waitFor();
      await page.screenshot({ path: `${SHOTS}/tacho-1440.png` });
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'New Authentication Server' }).click();
      const add = page.getByRole('dialog', { name: 'New Authentication Server' });
      const field = (label: string) => add.getByLabel(label, { exact: true });
      expect(await add.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await field('Name').fill('Ha');
      await field('Name').blur();
      await add.getByText(A.NAME_TOO_SHORT).waitFor();
      await field('Customer').selectOption({ label: 'Atlas Freight' });
      await field('Name').fill(NAME);
      await field('IP').fill('203.0.113.77');
      await field('Device Port').fill('10077');
      await field('Port').fill('65536');
      await field('Port').blur();
      await add.getByText(A.PORT_OUT_OF_RANGE).waitFor();
      await field('Port').fill('8443');
      await field('Username').fill('harbour');
      await field('Password').fill('harbour-pw');
      await page.screenshot({ path: `${SHOTS}/tacho-new-1440.png` });
      expect(await axeViolations(page)).toEqual([]);
      await add.getByRole('button', { name: 'Save' }).click();
      await toastOf(page, `Authentication Server ${NAME} succesfully created!`).waitFor();

      await page.getByRole('searchbox').fill('Harbour RDL');
      const row = page.getByRole('row', { name: new RegExp(NAME) });
      await row.waitFor();
      expect(await row.textContent()).not.toContain('harbour-pw');
      await row.getByRole('button', { name: `Edit ${NAME}` }).click();
      const edit = page.getByRole('dialog', { name: 'Update Authentication Server' });
      expect(await edit.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await edit.getByLabel('Status', { exact: true }).selectOption({ label: 'Server Down' });
      await edit.getByRole('button', { name: 'Save' }).click();
      await toastOf(page, `Authentication Server ${NAME} succesfully updated!`).waitFor();
      await expect.poll(() => row.textContent()).toContain('Server Down');

      await row.getByRole('button', { name: `Delete ${NAME}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      expect(await confirm.textContent()).toContain(
        'Are you sure you want to remove this authServer?',
      );
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toastOf(page, 'Authentication server succesfully removed!').waitFor();
      await page.getByText('No authServers found').waitFor();
      expect(session.dialogs).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('fits a phone', async () => {
    const session = await app.openPage(PHONE);
    try {
      await app.signIn(session.page, 'admin@demo.test');
      await session.page.goto(app.url('tacho'));
      await session.page.getByText('Atlas RDL server').first().waitFor();
      await session.page.screenshot({ path: `${SHOTS}/tacho-390.png`, fullPage: true });
      await session.page.getByRole('button', { name: 'New Authentication Server' }).click();
      await session.page
        .getByRole('dialog', { name: 'New Authentication Server' })
        .getByRole('button', { name: 'Save' })
        .waitFor();
      await session.page.screenshot({ path: `${SHOTS}/tacho-new-390.png` });
      expect(await axeViolations(session.page)).toEqual([]);
    } finally {
      await session.close();
    }
  });
});

describe('the customer detail tabs', () => {
  it('a user with the feature (the reseller, on Hansen Transport) assigns devices and meets the in-use alert', async () => {
    for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
      const session = await app.openPage(viewport);
      const { page } = session;
      const size = String(viewport.width);
      try {
        await app.signIn(page, 'reseller@demo.test');
        const hansen = await customerNamed(page, 'Hansen Transport');
        await page.goto(app.url(`customer/${String(hansen.Id)}?tab=authservers`));
        await page.getByText('Hansen RDL server').first().waitFor();
        expect(await page.getByRole('button', { name: /Edit|Delete/ }).count()).toBe(0);
        await page.screenshot({ path: `${SHOTS}/tab-authservers-${size}.png`, fullPage: true });
        expect(await axeViolations(page)).toEqual([]);

        await page.getByRole('link', { name: 'Company Cards' }).click();
        await page.getByText('Authentication Server ID').first().waitFor({ state: 'attached' });
        const cards = await read<CompanyCard[]>(page, `companycards/customer/${String(hansen.Id)}`);
        const inUse = cards.find((c) => c.Devices.length > 0);
        if (!inUse) throw new Error('no demo card in use');
        await page.getByText(inUse.CardNumber).first().waitFor();
        expect(await page.getByRole('button', { name: 'New Company Card' }).count()).toBe(0);
        await page.screenshot({ path: `${SHOTS}/tab-companycards-${size}.png`, fullPage: true });
        expect(await axeViolations(page)).toEqual([]);

        // The in-use alert: another customer for a card that serves devices.
        await page.getByRole('button', { name: `Customer, card ${inUse.CardNumber}` }).click();
        const change = page.getByRole('dialog', { name: 'Change CompanyCard' });
        const customer = change.getByLabel('Customer', { exact: true });
        await expect.poll(() => customer.isEnabled()).toBe(true);
        const other = (await customer.locator('option').allTextContents()).find(
          (t) => t !== 'Hansen Transport' && t !== 'Choose a customer',
        );
        if (!other) throw new Error('the reseller sees no other customer');
        await customer.selectOption({ label: other });
        await change.getByRole('alert').filter({ hasText: COMPANY_CARD_IN_USE }).waitFor();
        expect(await change.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
        await page.screenshot({ path: `${SHOTS}/modal-change-in-use-${size}.png` });
        await customer.selectOption({ label: 'Hansen Transport' });
        await change.getByLabel('Company Name', { exact: true }).fill(`Hansen Transport ${size}`);
        // Save turns from off to on with a colour transition: axe must see where it ends.
        await expect
          .poll(() => change.getByRole('button', { name: 'Save' }).isEnabled())
          .toBe(true);
        await change.evaluate((element) =>
          Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
        );
        expect(await axeViolations(page)).toEqual([]);
        await change.getByRole('button', { name: 'Save' }).click();
        const updated = toastOf(page, 'Company Card succesfully updated');
        await updated.waitFor();
        await page.getByText(`Hansen Transport ${size}`).first().waitFor();
        // The devices save answers with the same toast: this one must be gone to tell them apart.
        await updated.waitFor({ state: 'detached' });

        // The devices modal: search, tick one more, save with the Devices list.
        await page.getByRole('button', { name: `Device, card ${inUse.CardNumber}` }).click();
        const devices = page.getByRole('dialog', { name: `Devices of card ${inUse.CardNumber}` });
        const boxes = devices.getByRole('checkbox');
        await boxes.first().waitFor();
        const unticked = devices.getByRole('checkbox', { checked: false }).first();
        const label = (await unticked.getAttribute('aria-labelledby')) ?? '';
        const imei =
          ((await page.locator(`[id="${label}"]`).textContent()) ?? '').split(' ')[0] ?? '';
        await devices.getByRole('searchbox', { name: 'Search devices' }).fill(imei);
        await expect.poll(() => boxes.count()).toBe(1);
        await page.screenshot({ path: `${SHOTS}/modal-devices-${size}.png` });
        expect(await axeViolations(page)).toEqual([]);
        await boxes.first().click();
        await devices.getByRole('button', { name: 'Save' }).click();
        await toastOf(page, 'Company Card succesfully updated').waitFor();
        const after = await read<CompanyCard[]>(page, `companycards/customer/${String(hansen.Id)}`);
        expect(after.find((c) => c.Id === inUse.Id)?.Devices).toEqual(
          [...inUse.Devices, imei].sort(),
        );
        // Put it back, so the next viewport starts from the demo's state.
        await page.evaluate(
          async ([id, body]) => {
            await fetch(`/api/companycards/${String(id)}`, {
              method: 'PUT',
              headers: {
                Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}`,
                'Content-Type': 'application/json',
              },
              body: JSON.stringify(body),
            });
          },
          [inUse.Id, { ...inUse, ValidUntil: inUse.ValidUntil.slice(0, 10) }] as const,
        );
        expect(session.dialogs).toEqual([]);
      } finally {
        await session.close();
      }
    }
  });

  it('an admin may add a company card', async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      const atlas = await customerNamed(page, 'Atlas Freight');
      await page.goto(app.url(`customer/${String(atlas.Id)}?tab=companycards`));
      await page.getByRole('button', { name: 'New Company Card' }).click();
      const add = page.getByRole('dialog', { name: 'New Company Card' });
      await add.getByLabel('Card Number', { exact: true }).fill('C01000777777770');
      const server = add.getByLabel('Authentication Server', { exact: true });
      await expect.poll(() => server.locator('option').count()).toBeGreaterThan(1);
      await server.selectOption({ index: 1 });
      await page.screenshot({ path: `${SHOTS}/modal-new-card-1440.png` });
      await add.getByRole('button', { name: 'Save' }).click();
      await toastOf(page, 'Company Card succesfully created').waitFor();
      await page.getByRole('cell', { name: 'C01000777777770' }).first().waitFor();
      const cards = await read<CompanyCard[]>(page, `companycards/customer/${String(atlas.Id)}`);
      expect(cards.filter((c) => c.CardNumber === 'C01000777777770')).toHaveLength(1);
    } finally {
      await session.close();
    }
  });

  it('a viewer sees the cards without buttons', async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'viewer@demo.test');
      const atlas = await customerNamed(page, 'Atlas Freight');
      await page.goto(app.url(`customer/${String(atlas.Id)}?tab=companycards`));
      await page.getByRole('table', { name: 'Company Cards' }).waitFor();
      expect(
        await page.getByRole('table', { name: 'Company Cards' }).getByRole('button').count(),
      ).toBe(0);
      expect(await page.getByRole('button', { name: 'New Company Card' }).count()).toBe(0);
    } finally {
      await session.close();
    }
  });

  it('on a phone the tabs scroll sideways with an edge that says so, the open one in view; arrows move between them', async () => {
    const session = await app.openPage(PHONE);
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      const hansen = await customerNamed(page, 'Hansen Transport');
      const nav = page.getByRole('navigation', { name: 'Customer sections' });
      /** What shows of the tabs: each link wholly inside the scroll box, and the edges marked. */
      const shown = () =>
        nav.evaluate((box) => {
          const frame = box.getBoundingClientRect();
          const whole = Array.from(box.querySelectorAll('a')).filter((a) => {
            const r = a.getBoundingClientRect();
            return r.left >= frame.left - 1 && r.right <= frame.right + 1;
          });
          const edges = Array.from(box.parentElement?.querySelectorAll('[data-more]') ?? []);
          return {
            whole: whole.map((a) => a.textContent),
            more: edges.map((edge) => edge.getAttribute('data-more')),
          };
        });

      await page.goto(app.url(`customer/${String(hansen.Id)}`));
      await nav.waitFor();
      await expect
        .poll(shown)
        .toEqual({ whole: ['Devices', 'Users', 'Company Cards'], more: ['end'] });
      for (const box of await nav.getByRole('link').all()) {
        expect((await box.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      }
      await page.screenshot({ path: `${SHOTS}/tabs-390.png` });

      // Opened by its link, the last tab is scrolled into view.
      await page.goto(app.url(`customer/${String(hansen.Id)}?tab=authservers`));
      await page.getByText('Hansen RDL server').first().waitFor();
      await expect.poll(async () => (await shown()).whole).toContain('Authentication Servers');
      expect((await shown()).more).toEqual(['start']);
      await page.screenshot({ path: `${SHOTS}/tabs-authservers-390.png` });
      expect(await axeViolations(page)).toEqual([]);

      // The arrow keys move between the tabs (around the ends), each shown as it is reached.
      const current = nav.getByRole('link', { name: 'Authentication Servers' });
      await current.focus();
      await page.keyboard.press('ArrowRight');
      const devices = nav.getByRole('link', { name: 'Devices' });
      expect(await devices.evaluate((a) => a === document.activeElement)).toBe(true);
      await expect.poll(async () => (await shown()).whole).toContain('Devices');
      await page.keyboard.press('ArrowLeft');
      expect(await current.evaluate((a) => a === document.activeElement)).toBe(true);
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      const users = nav.getByRole('link', { name: 'Users' });
      expect(await users.evaluate((a) => a === document.activeElement)).toBe(true);
      expect(await users.evaluate((a) => getComputedStyle(a).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Enter');
      await page.waitForURL(/tab=users/);
    } finally {
      await session.close();
    }
  });

  it('a customer without the feature has both tabs disabled', async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      const vega = await customerNamed(page, 'Vega Logistics');
      await page.goto(app.url(`customer/${String(vega.Id)}?tab=companycards`));
      const nav = page.getByRole('navigation', { name: 'Customer sections' });
      await nav.waitFor();
      expect(await nav.textContent()).toContain('Company Cards');
      expect(await nav.textContent()).toContain('Authentication Servers');
      // The link to a disabled tab opens the first one, and the tabs are not links.
      expect(await nav.getByRole('link', { name: 'Company Cards' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Authentication Servers' }).count()).toBe(0);
      expect(await page.getByRole('table', { name: 'Company Cards' }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/tabs-disabled-1440.png` });
    } finally {
      await session.close();
    }
  });
});
