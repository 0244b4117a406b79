import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/api/api-paths';
import type { Auth } from '../../src/shared/access/auth';
import { NAME_TOO_SHORT, type Customer } from '../../src/shared/customers/customers';
import { PASSWORD_TOO_SHORT, PASSWORDS_DONT_MATCH } from '../../src/shared/access/users';
import { pathOf, toastOf, usePortal } from './support/app';
import { pageApi } from './support/page-api';

const app = usePortal();

const form = (page: Page, name: string): Locator => page.getByRole('form', { name });
const saveButton = (page: Page): Locator => page.getByRole('button', { name: 'Save' });

async function openAccount(page: Page, email: string, tab = 'profile'): Promise<void> {
  await app.signIn(page, email);
  await page.goto(app.url(`account?tab=${tab}`));
  await page.getByRole('heading', { name: 'Account' }).waitFor();
}

async function showTab(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: label })
    .click();
}

describe('Account (spec 02 "Account page") at 1440×900', () => {
  it('shows a Viewer every tab without Save or Add users', async () => {
    const { page, close } = await app.openPage();
    try {
      await openAccount(page, 'viewer@demo.test');
      const email = form(page, 'Profile').getByRole('textbox', { name: 'Email' });
      await email.waitFor();
      expect(await email.inputValue()).toBe('viewer@demo.test');
      expect(await email.isDisabled()).toBe(true);
      expect(await saveButton(page).count()).toBe(0);

      await showTab(page, 'Customer');
      const name = form(page, 'Customer').getByRole('textbox', { name: 'Name' });
      await name.waitFor();
      expect(await name.inputValue()).toBe('Atlas Freight');
      expect(await saveButton(page).count()).toBe(0);

      await showTab(page, 'Users');
      await page.getByRole('cell', { name: 'user@demo.test', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Add users' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('refuses a short password and a confirmation that differs', async () => {
    const { page, close } = await app.openPage();
    try {
      await openAccount(page, 'user@demo.test');
      const profile = form(page, 'Profile');
      await profile.getByLabel('New password', { exact: true }).fill('abc');
      await profile.getByLabel('Confirm new password').fill('abc');
      await profile.getByText(PASSWORD_TOO_SHORT).waitFor();
      expect(await saveButton(page).isDisabled()).toBe(true);

      await profile.getByLabel('New password', { exact: true }).fill('longer-secret');
      await profile.getByLabel('Confirm new password').fill('longer-secrex');
      await profile.getByText(PASSWORDS_DONT_MATCH).waitFor();
      expect(await saveButton(page).isDisabled()).toBe(true);
    } finally {
      await close();
    }
  });

  it("saves the user's own customer, refusing a name under 3 characters", async () => {
    const { page, close } = await app.openPage();
    try {
      await openAccount(page, 'user@demo.test', 'customer');
      const customer = form(page, 'Customer');
      const name = customer.getByRole('textbox', { name: 'Name' });
      await name.fill('At');
      await customer.getByText(NAME_TOO_SHORT).waitFor();
      expect(await saveButton(page).isDisabled()).toBe(true);

      await name.fill('Atlas Freight Group');
      await customer.getByLabel('Email').fill('office@atlas.example');
      await saveButton(page).click();
      await toastOf(page, 'Customer Atlas Freight Group succesfully updated!').waitFor();
      // Stored, and shown so after a reload (the saved cache, then the server, may answer).
      const id = await page.evaluate(
        () => (JSON.parse(localStorage.auth as string) as Auth).CustomerId,
      );
      expect(await pageApi<Customer>(page, apiPaths.customer(id))).toMatchObject({
        Name: 'Atlas Freight Group',
        Email: 'office@atlas.example',
      });
      await page.reload();
      await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('Atlas Freight Group');
    } finally {
      await close();
    }
  });

  it("adds a user to one's own customer from the Users tab", async () => {
    const { page, close } = await app.openPage();
    try {
      await openAccount(page, 'reseller@demo.test', 'users');
      await page.getByRole('button', { name: 'Add users' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('night@nordtrack.example');
      await dialog.getByLabel('Password', { exact: true }).fill('a-strong-one');
      await dialog.getByLabel(/confirm/i).fill('a-strong-one');
      await dialog.getByLabel('Role').selectOption({ label: 'Installer' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toastOf(page, 'User night@nordtrack.example succesfully created').waitFor();
      await page.getByRole('cell', { name: 'night@nordtrack.example', exact: true }).waitFor();
    } finally {
      await close();
    }
  });

  it('ends the session after a new password: the alert, the logout, then sign-in with it', async () => {
    const { page, dialogs, close } = await app.openPage();
    // Another Atlas Freight user, so the demo sign-ins keep their password.
    const email = 'dispatch@atlasfreight.example';
    try {
      await openAccount(page, email);
      const profile = form(page, 'Profile');
      await profile.getByLabel('New password', { exact: true }).fill('night-shift-7');
      await profile.getByLabel('Confirm new password').fill('night-shift-7');
      await saveButton(page).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(dialogs).toEqual(['Please login with your new credentials.']);

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('night-shift-7');
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(pathOf(page)).toBe('/');
    } finally {
      await close();
    }
  });
});
