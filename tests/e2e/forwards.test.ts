import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as F from '../../src/shared/forwards/forward-form';
import type { Forward } from '../../src/shared/forwards/forwards';
import { toastOf, usePortal, type OpenPage } from './support/app';
import { columnFit } from './support/cells';
import { expectMessage, visit } from './support/libraries';

const app = usePortal();

/** A read as the signed-in page makes it. */
const read = <T>(page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(`/api/${url}`, {
      headers: { Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}` },
    });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

const NAME = 'Harbour feed E2E';

describe('forwards (spec 02 "Forwards page") as the admin at 1440×900', () => {
  let session: OpenPage | undefined;
  const opened = (): Page => {
    if (!session) throw new Error('the page did not open');
    return session.page;
  };
  beforeAll(async () => {
    session = await app.openPage();
    await app.signIn(session.page, 'admin@demo.test');
  });
  afterAll(async () => {
    expect(session?.dialogs).toEqual([]);
    await session?.close();
  });

  it('shows Customer and Name whole at 1440 px, on two lines where one would cut them', async () => {
    const page = opened();
    await page.goto(app.url('forwards'));
    await page.getByRole('table', { name: 'Forwards' }).waitFor();
    await page.getByRole('cell', { name: 'NordTrack Resellers' }).first().waitFor();
    const fit = await columnFit(page, ['Customer', 'Name']);
    expect(fit.map(({ cells }) => cells > 0)).toEqual([true, true]);
    expect(fit.map(({ header, cut }) => ({ header, cut }))).toEqual([
      { header: 'Customer', cut: [] },
      { header: 'Name', cut: [] },
    ]);
  });

  it('Add Forward shows every rule’s message and the compatibility rule', async () => {
    const page = opened();
    await page.goto(app.url('forwards'));
    await page.getByText(F.CELLO_WARNING).first().waitFor();
    await page.getByRole('table', { name: 'Forwards' }).waitFor();
    await page.getByRole('button', { name: 'New Forward' }).click();
    const add = page.getByRole('dialog', { name: 'Add Forward' });
    await add.getByText(F.CELLO_WARNING).waitFor();
    const field = (label: string) => add.getByLabel(label, { exact: true });

    const customer = field('Customer');
    await visit(customer);
    await expectMessage(customer, F.CUSTOMER_REQUIRED);
    await customer.selectOption({ label: '--' });
    await expectMessage(customer, F.NO_CUSTOMER_SELECTED);

    for (const [label, message] of [
      ['Name', F.NAME_REQUIRED],
      ['IP', F.IP_REQUIRED],
      ['Port', F.PORT_REQUIRED],
      ['Username', F.USERNAME_REQUIRED],
      ['Password', F.PASSWORD_REQUIRED],
      ['API_KEY', F.API_KEY_REQUIRED],
      ['Auth', F.AUTH_REQUIRED],
    ] as const) {
      await field(label).focus();
      await field(label).blur();
      await expectMessage(field(label), message);
    }
    await field('Name').fill('Ha');
    await expectMessage(field('Name'), F.NAME_TOO_SHORT);
    await field('Port').fill('8o');
    await expectMessage(field('Port'), F.PORT_NOT_A_NUMBER);
    await field('Port').fill('65536');
    await expectMessage(field('Port'), F.PORT_TOO_HIGH);
    await field('Status').selectOption({ label: '--' });
    await expectMessage(field('Status'), F.STATUS_REQUIRED);

    const types = add.getByRole('group', { name: 'Message types' });
    const protocols = add.getByRole('group', { name: 'Protocols' });
    await types.getByRole('checkbox', { name: 'Tracking (RT)' }).click();
    await types.getByRole('checkbox', { name: 'Tracking (RT)' }).click();
    await protocols.getByRole('checkbox', { name: 'MQTT' }).click();
    await protocols.getByRole('checkbox', { name: 'MQTT' }).click();
    await expect.poll(() => add.textContent()).toContain(F.NO_MESSAGE_TYPES);
    await expect.poll(() => add.textContent()).toContain(F.NO_PROTOCOLS);

    // Wialon IPS takes RT only: with TD it is off, and chosen before TD it breaks the rule.
    await types.getByRole('checkbox', { name: 'Tracking (RT)' }).click();
    await protocols.getByRole('checkbox', { name: 'Wialon IPS' }).click();
    await types.getByRole('checkbox', { name: 'TripData (TD)' }).click();
    await expect.poll(() => add.textContent()).toContain(F.NOT_COMPATIBLE);
    expect(await add.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await protocols.getByRole('checkbox', { name: 'Wialon IPS' }).click();
    expect(
      await protocols.getByRole('checkbox', { name: 'Wialon IPS' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(await add.textContent()).toContain('Wialon IPS only works with the RT message type');
    await add.getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates one forward per protocol (the plural toast), then updates one', async () => {
    const page = opened();
    await page.getByRole('button', { name: 'New Forward' }).click();
    const add = page.getByRole('dialog', { name: 'Add Forward' });
    const field = (label: string) => add.getByLabel(label, { exact: true });
    await field('Customer').selectOption({ label: 'Atlas Freight' });
    await field('Name').fill(NAME);
    await field('IP').fill('93.184.215.44');
    await field('Port').fill('8443');
    await field('Username').fill('harbour');
    await field('Password').fill('harbour-pw');
    await field('API_KEY').fill('harbour-key');
    await field('Auth').fill('Bearer harbour');
    await add.getByRole('checkbox', { name: 'Tracking (RT)' }).click();
    await add.getByRole('checkbox', { name: 'HTTP JSON' }).click();
    await add.getByRole('checkbox', { name: 'MQTT' }).click();
    await add.getByRole('button', { name: 'Save' }).click();
    await toastOf(page, `Forwards ${NAME} successfully created!`).waitFor();
    const search = page.getByRole('searchbox');
    await search.fill(NAME);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(NAME) }).count()).toBe(2);

    const row = page.getByRole('row', { name: /MQTT/ }).filter({ hasText: NAME });
    expect(await row.textContent()).not.toContain('harbour-pw');
    await row.getByRole('button', { name: `Edit ${NAME}` }).click();
    const edit = page.getByRole('dialog', { name: 'Update Forward' });
    expect(await edit.textContent()).toContain(F.KEEP_SECRET_HINT);
    expect(await edit.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await edit.getByLabel('Port', { exact: true }).fill('9443');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastOf(page, `Forward ${NAME} succesfully updated!`).waitFor();
    await page.getByRole('cell', { name: '9443' }).waitFor();
  });

  it('asks before removing a forward devices use, saying how many, then removes it', async () => {
    const page = opened();
    const all = await read<Forward[]>(page, 'forwards/');
    const used = all.find((f) => f.Amountdevices > 0);
    if (!used) throw new Error('no demo forward is used by devices');
    await page.getByRole('searchbox').fill(used.Name);
    const filter = page.getByRole('combobox', { name: 'Customer' }).first();
    await filter.selectOption({ label: used.Customer ?? '' });
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Delete ${used.Name}` }) })
      .filter({ hasText: String(used.Amountdevices) });
    await row
      .first()
      .getByRole('button', { name: `Delete ${used.Name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    const text = (await confirm.textContent()) ?? '';
    expect(text).toContain('Are you sure you want to remove this forward?');
    expect(text).toMatch(
      /\d+ devices? uses? this forward: (its slot returns|their slots return) to 'non'\./,
    );
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toastOf(page, 'Forward removed').waitFor();
  });

  it('the integration modal checks the host name and makes an integration forward', async () => {
    const page = opened();
    // Without the previous step's search and customer filter.
    await page.goto(app.url('forwards'));
    await page.getByRole('button', { name: 'New Integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Integration' });
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    await dialog.getByRole('button', { name: 'More information' }).first().focus();
    await dialog.getByText(F.HOSTNAME_NOT_AZURE).waitFor({ state: 'detached' });
    expect(await dialog.textContent()).toContain(
      'Make sure the name consists of more than 3 characters.',
    );
    await field('Customer').selectOption({ label: 'Atlas Freight' });
    await field('Name').fill('Harbour hub');
    await field('Hostname').fill('harbour.example.com');
    await expectMessage(field('Hostname'), F.HOSTNAME_NOT_AZURE);
    await field('Hostname').fill('harbour-hub.azure-devices.net');
    await field('Shared access key name').fill('iothubowner');
    await field('Shared access key').fill('aGFyYm91cg==');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastOf(page, 'Forward Harbour hub successfully created!').waitFor();
    await page.getByRole('searchbox').fill('Harbour hub');
    const row = page.getByRole('row', { name: /Harbour hub/ });
    expect(await row.textContent()).toContain('Azure IoT hub');
    await row.getByRole('button', { name: 'Edit Harbour hub' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Integration' });
    expect(await edit.getByLabel('Hostname', { exact: true }).inputValue()).toBe(
      'harbour-hub.azure-devices.net',
    );
    expect(await edit.textContent()).toContain(F.KEEP_SECRET_HINT);
  });
});

describe('forwards by role', () => {
  it('gives a Viewer no buttons', async () => {
    const session = await app.openPage();
    try {
      await app.signIn(session.page, 'viewer@demo.test');
      await session.page.goto(app.url('forwards'));
      await session.page.getByRole('table', { name: 'Forwards' }).waitFor();
      expect(await session.page.getByRole('button', { name: 'New Forward' }).count()).toBe(0);
      expect(await session.page.getByRole('button', { name: 'New Integration' }).count()).toBe(0);
      expect(await session.page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    } finally {
      await session.close();
    }
  });

  it("shows a reseller its tree's forwards only", async () => {
    const session = await app.openPage();
    try {
      await app.signIn(session.page, 'reseller@demo.test');
      await session.page.goto(app.url('forwards'));
      await session.page.getByRole('table', { name: 'Forwards' }).waitFor();
      const rows = session.page.getByRole('row');
      await rows.nth(1).waitFor();
      const customers: (string | null)[] = [];
      for (const row of (await rows.all()).slice(1))
        customers.push(await row.getByRole('cell').first().textContent());
      expect(customers.length).toBeGreaterThan(0);
      const tree = ['NordTrack Resellers', 'Hansen Transport', 'Vega Logistics'];
      expect(customers.filter((c) => !tree.includes(c ?? ''))).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
