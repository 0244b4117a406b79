import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../src/shared/customers/customers';
import { pageApi } from './support/page-api';
import { DEMO_PASSWORD, usePortal, type OpenPage } from './support/app';
import { expectMessage } from './support/libraries';

const app = usePortal();

/** A write as the signed-in page makes it: the status and the answer's body. */
const send = (page: Page, path: string, method: string, body: unknown) =>
  page.evaluate(
    async ([url, verb, json]) => {
      const response = await fetch(`/api/${url}`, {
        method: verb,
        headers: {
          Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}`,
          'Content-Type': 'application/json',
        },
        body: json === undefined ? null : JSON.stringify(json),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    [path, method, body] as const,
  );

const NAME = 'Delta Haulage E2E';
const RENAMED = 'Delta Haulage Group';
const STAYING_USER = 'planner@delta.example';

describe('customers (spec 02 "Customers page") as the admin at 1440×900', () => {
  // One signed-in page for the steps below, which follow one customer through its life.
  let session: OpenPage | undefined;
  let customerId = 0;
  const opened = (): Page => {
    if (!session) throw new Error('the page did not open');
    return session.page;
  };
  beforeAll(async () => {
    session = await app.openPage();
    await app.signIn(session.page, 'admin@demo.test');
  });
  afterAll(async () => {
    // Nothing on the way asked anything of the browser's own dialogs.
    expect(session?.dialogs).toEqual([]);
    await session?.close();
  });

  it('Add Customer shows each rule’s message, then creates the customer', async () => {
    const page = opened();
    await page.goto(app.url('customers'));
    await page.getByRole('link', { name: 'Atlas Freight' }).waitFor();
    await page.getByRole('button', { name: 'New Customer' }).click();
    const add = page.getByRole('dialog', { name: 'Add Customer' });
    const name = add.getByLabel('Name', { exact: true });
    const save = add.getByRole('button', { name: 'Save' });
    expect(await add.getByLabel('Country').inputValue()).toBe('NL');
    expect(await add.getByLabel('RTDInterval (2 to 60 days)').inputValue()).toBe('15');
    await name.fill('De');
    await name.blur();
    await expectMessage(name, 'Must be at least 3 characters');
    await name.fill('D'.repeat(26));
    await expectMessage(name, 'Must be 25 characters or less');
    expect(await save.isDisabled()).toBe(true);
    await name.fill(NAME);

    await add.getByLabel('Reseller', { exact: true }).check();
    await expectMessage(add.getByLabel('Main reseller'), 'Main reseller is required');
    expect(await save.isDisabled()).toBe(true);
    await add.getByLabel('Main reseller').selectOption({ label: 'NordTrack Resellers' });

    await add.getByRole('switch', { name: 'RTDIntegration' }).click();
    const integrationId = add.getByLabel('Customer integration id');
    await expectMessage(integrationId, 'Rtd Integration customer Id is required');
    await add.getByLabel('Integration type').selectOption({ index: 1 });
    await integrationId.fill('DELTA-7');
    await add.getByRole('checkbox', { name: 'Tacho Download' }).check();
    await save.click();
    await page.getByText(`Customer ${NAME} succesfully created!`).waitFor();
    await add.waitFor({ state: 'detached' });
    const href = await page.getByRole('link', { name: NAME }).getAttribute('href');
    customerId = Number(href?.split('/').at(-1));
    expect(await pageApi<Customer>(page, `customers/${String(customerId)}`)).toMatchObject({
      Name: NAME,
      Country: 'NL',
      IsReseller: true,
      ResellerName: 'NordTrack Resellers',
      Features: ['Tacho Download'],
      RTDInterval: 15,
      RTDIntegration: true,
      RTDIntCustId: 'DELTA-7',
    });
  });

  it('the server refuses a country outside the list (the select offers none)', async () => {
    const refused = await send(opened(), 'customers/', 'POST', {
      name: 'Nowhere Ltd',
      country: 'XX',
      start: '2025-01-01',
    });
    expect(refused).toEqual({ status: 400, body: { errors: { country: 'Invalid Country' } } });
  });

  it('Update Customer starts from the customer as stored and saves', async () => {
    const page = opened();
    await page.getByRole('button', { name: `Edit ${NAME}` }).click();
    const update = page.getByRole('dialog', { name: 'Update Customer' });
    expect(await update.getByLabel('Customer integration id').inputValue()).toBe('DELTA-7');
    await update.getByLabel('Name', { exact: true }).fill(RENAMED);
    const interval = update.getByLabel('RTDInterval (2 to 60 days)');
    await interval.fill('60');
    await expectMessage(interval, 'Must be 59 days or less');
    await interval.fill('30');
    await update.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Customer ${RENAMED} succesfully updated!`).waitFor();
    await page.getByRole('link', { name: RENAMED }).waitFor();
  });

  it('its Users tab adds, updates and removes users', async () => {
    const page = opened();
    await page.getByRole('link', { name: RENAMED }).click();
    await page.getByRole('heading', { name: RENAMED, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByText('No users found').waitFor();
    await addUser(page, 'driver@delta.example', 'different1');
    await addUser(page, STAYING_USER);
    const row = page.getByRole('row', { name: /driver@delta\.example/ });
    await row.getByRole('button', { name: 'Edit driver@delta.example' }).click();
    const edit = page.getByRole('dialog', { name: 'Update User' });
    await edit.getByText('Leave blank to keep the same').waitFor();
    await edit.getByLabel('Role').selectOption({ label: 'Viewer' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User driver@delta.example succesfully updated').waitFor();
    await row.getByRole('cell', { name: 'Viewer' }).waitFor();
    await row.getByRole('button', { name: 'Delete driver@delta.example' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('Are you sure you want to remove this user?').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('User succesfully removed!').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('deactivating it takes it out of the list and the device screens’ selects', async () => {
    const page = opened();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Customers' })
      .click();
    await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
    await page.getByText('Are you sure you want to deactivate this customer?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Customer succesfully deactivated').waitFor();
    await page.getByRole('link', { name: RENAMED }).waitFor({ state: 'detached' });
    const left = await pageApi<Customer[]>(page, 'customers/');
    expect(left.map((c) => c.Name)).not.toContain(RENAMED);
    // Through the menu, as people go: the screens share the refreshed lookup.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Devices', exact: true })
      .click();
    const filter = page.getByRole('combobox', { name: 'Customer' });
    await filter.locator('option', { hasText: 'Atlas Freight' }).waitFor({ state: 'attached' });
    expect(await filter.locator('option').allTextContents()).not.toContain(RENAMED);
    const gone = await send(page, `customers/${String(customerId)}`, 'GET', undefined);
    expect(gone.status).toBe(404);
  });

  it('its users can no longer sign in', async () => {
    const { page, close } = await app.openPage();
    try {
      await page.goto(app.url('login'));
      await page.getByLabel('Email').fill(STAYING_USER);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByText('The customer of this account has been deactivated.').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await close();
    }
  });
});

/**
 * Add User on the open customer: with a confirmation that differs first (its message shows),
 * then the right one; the new user gets the User role and the demo password.
 */
async function addUser(page: Page, email: string, wrongConfirmation?: string): Promise<void> {
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  const confirmation = dialog.getByLabel('Password confirmation');
  if (wrongConfirmation) {
    await confirmation.fill(wrongConfirmation);
    await confirmation.blur();
    await expectMessage(confirmation, 'Passwords dont match.');
  }
  await confirmation.fill(DEMO_PASSWORD);
  await dialog.getByLabel('Role').selectOption({ label: 'User' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`User ${email} succesfully created`).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: email, exact: true }).waitFor();
}
