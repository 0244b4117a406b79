import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../src/shared/customers/customers';
import { pageApi } from './support/page-api';
import { usePortal } from './support/app';

const app = usePortal();

/** Signs in and opens /customers once its rows are there. */
async function openCustomers(page: Page, email: string, firstRow: string): Promise<void> {
  await app.signIn(page, email);
  await page.goto(app.url('customers'));
  await page.getByRole('link', { name: firstRow }).waitFor();
}

const rowButtons = (page: Page) =>
  page
    .getByRole('table', { name: 'Customers' })
    .locator('tbody button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));

describe('what each demo role sees of customers (spec 02 §6) at 1440×900', () => {
  it('a reseller creates customers under itself, without the Reseller checkbox', async () => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await openCustomers(page, 'reseller@demo.test', 'NordTrack Resellers');
      await page.getByRole('button', { name: 'New Customer' }).click();
      const add = page.getByRole('dialog', { name: 'Add Customer' });
      await add.getByLabel('Name', { exact: true }).fill('Nordic Reefers E2E');
      expect(await add.getByLabel('Reseller', { exact: true }).count()).toBe(0);
      expect(await add.getByLabel('Main reseller').count()).toBe(0);
      await add.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Customer Nordic Reefers E2E succesfully created!').waitFor();
      const row = page.getByRole('row', { name: /Nordic Reefers E2E/ });
      await row.getByRole('cell', { name: 'NordTrack Resellers' }).waitFor();

      // Its own customer: the alert, and no confirmation.
      await page.getByRole('button', { name: 'Delete NordTrack Resellers' }).click();
      await expect.poll(() => dialogs).toEqual(["You can't delete yourself!"]);
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('a user edits its own customer, but creates and deletes none', async () => {
    const { page, close } = await app.openPage();
    try {
      await openCustomers(page, 'user@demo.test', 'Atlas Freight');
      expect(await page.getByRole('button', { name: 'New Customer' }).count()).toBe(0);
      expect(await rowButtons(page)).toEqual(['Edit Atlas Freight']);
      await page.getByRole('button', { name: 'Edit Atlas Freight' }).click();
      const update = page.getByRole('dialog', { name: 'Update Customer' });
      expect(await update.getByLabel('Name', { exact: true }).inputValue()).toBe('Atlas Freight');
      expect(await update.getByLabel('Reseller', { exact: true }).count()).toBe(0);
      await update.getByRole('button', { name: 'Cancel' }).click();

      // The detail: Last Download with the Tacho Download feature; its own user row is fixed.
      await page.getByRole('link', { name: 'Atlas Freight' }).click();
      await page.getByRole('columnheader', { name: 'Last Download' }).waitFor();
      await page.getByRole('link', { name: 'Users' }).click();
      await page.getByRole('button', { name: 'Add user' }).waitFor();
      const own = page.getByRole('row', { name: /user@demo\.test/ });
      await own.waitFor();
      expect(await own.getByRole('button').count()).toBe(0);
      await page.getByRole('button', { name: 'Edit viewer@demo.test' }).waitFor();
    } finally {
      await close();
    }
  });

  it('a viewer sees no create, edit or delete buttons anywhere', async () => {
    const { page, close } = await app.openPage();
    try {
      await openCustomers(page, 'viewer@demo.test', 'Atlas Freight');
      expect(await page.getByRole('button', { name: 'New Customer' }).count()).toBe(0);
      expect(await rowButtons(page)).toEqual([]);
      await page.getByRole('link', { name: 'Atlas Freight' }).click();
      await page.getByRole('link', { name: 'Users' }).click();
      await page.getByRole('cell', { name: 'viewer@demo.test' }).waitFor();
      expect(await page.getByRole('button', { name: /^(Add user|Edit|Delete)/ }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('another tenant’s customer and a missing one are not found', async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'reseller@demo.test');
      const tree = await pageApi<Customer[]>(page, 'customers/');
      const hansen = tree.find((c) => c.Name === 'Hansen Transport');
      if (!hansen) throw new Error('the demo data has no Hansen Transport');
      // The reseller sees its customer's devices…
      await page.goto(app.url(`customer/${String(hansen.Id)}`));
      await page.getByRole('heading', { name: 'Hansen Transport', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Devices' }).waitFor();
      await page.context().clearCookies();
      await page.evaluate(() => {
        localStorage.clear();
      });

      // …a user of another customer does not, nor does anyone a customer that is not there.
      await app.signIn(page, 'user@demo.test');
      for (const id of [hansen.Id, 999_999]) {
        await page.goto(app.url(`customer/${String(id)}`));
        await page.getByText('Not found', { exact: true }).waitFor();
        expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      }
    } finally {
      await close();
    }
  });
});
