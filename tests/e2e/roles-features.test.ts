import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NAME_TAKEN, NAME_TOO_SHORT } from '../../src/shared/access/names';
import { ROLE_BUILT_IN, roleInUse } from '../../src/shared/access/roles';
import { pathOf, toastOf, usePortal } from './support/app';

const app = usePortal();
const NOT_ALLOWED = "Hey! You're not allowed here!";

/** The desktop table's row of a name (its first cell, exactly). */
const rowOf = (page: Page, name: string): Locator =>
  page.locator('tr', { has: page.getByRole('cell', { name, exact: true }) });

async function openAsAdmin(page: Page, path: string): Promise<void> {
  await app.signIn(page, 'admin@demo.test');
  await page.goto(app.url(path));
  await page.getByRole('table').waitFor();
}

/**
 * Types into the New dialog's Name field key by key, as a user would (the rule applies per
 * keystroke), and answers the field's value.
 */
async function typeName(dialog: Locator, text: string): Promise<string> {
  const field = dialog.getByRole('textbox', { name: 'Name' });
  await field.fill('');
  await field.pressSequentially(text);
  return field.inputValue();
}

/** Each message of the name rule, in the open New dialog, for a list whose `taken` name exists. */
async function checkNameRule(dialog: Locator, kind: 'role' | 'feature', taken: string) {
  const create = dialog.getByRole('button', { name: 'Create' });
  expect(await typeName(dialog, 'a-b')).toBe('ab');
  await dialog.getByText(NAME_TOO_SHORT).waitFor();
  expect(await create.isDisabled()).toBe(true);
  expect(await typeName(dialog, taken.toLowerCase())).toBe(taken.toLowerCase());
  await dialog.getByText(NAME_TAKEN[kind]).waitFor();
  expect(await create.isDisabled()).toBe(true);
}

describe('Roles (spec 02 "Roles page"), as an admin at 1440×900', () => {
  it('creates a role under the name rule, then removes it through the right-click menu', async () => {
    const { page, close } = await app.openPage();
    try {
      await openAsAdmin(page, 'roles');
      await page.getByRole('button', { name: 'New Role' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Role' });
      await checkNameRule(dialog, 'role', 'Installer');
      expect(await typeName(dialog, 'Night-shift planner!')).toBe('Nightshift planner');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await toastOf(page, 'Role Nightshift planner succesfully created').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const row = rowOf(page, 'Nightshift planner');
      expect(await row.getByRole('cell').allTextContents()).toEqual([
        'Nightshift planner',
        expect.stringMatching(/^\d+$/),
        '0',
        '',
      ]);

      await row
        .getByRole('cell', { name: 'Nightshift planner', exact: true })
        .click({ button: 'right' });
      const menu = page.getByRole('menu', { name: 'Actions for Nightshift planner' });
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Remove role', 'Cancel']);
      await menu.getByRole('menuitem', { name: 'Remove role' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm.getByText('Are you sure you want to remove this role?').waitFor();
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toastOf(page, 'Role succesfully removed!').waitFor();
      await row.waitFor({ state: 'detached' });
    } finally {
      await close();
    }
  });

  it("keeps a role in use and a built-in one, showing the server's reason (menu by keyboard)", async () => {
    const { page, close } = await app.openPage();
    try {
      await openAsAdmin(page, 'roles');
      const installer = rowOf(page, 'Installer');
      const usedBy = Number(await installer.getByRole('cell').nth(2).textContent());
      expect(usedBy).toBeGreaterThan(0);

      // The row's ⋯ button takes focus; Shift+F10 opens the menu there, the arrows move in it.
      await installer.getByRole('button', { name: 'Actions for Installer' }).focus();
      await page.keyboard.press('Shift+F10');
      const menu = page.getByRole('menu', { name: 'Actions for Installer' });
      await menu.waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toastOf(page, `API call failed. ${roleInUse(usedBy)}`).waitFor();
      await confirm.waitFor({ state: 'detached' });

      // Escape closes the menu and gives focus back to the row's button.
      await page.getByRole('button', { name: 'Actions for Admin' }).press('Enter');
      await page.getByRole('menu', { name: 'Actions for Admin' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Actions for Admin',
      );
      await page.keyboard.press('ContextMenu');
      await page.getByRole('menuitem', { name: 'Remove role' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await toastOf(page, `API call failed. ${ROLE_BUILT_IN}`).waitFor();
      await rowOf(page, 'Admin').waitFor();
      expect(await installer.isVisible()).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('Features (spec 02 "Features page"), as an admin at 1440×900', () => {
  it('creates a feature under the name rule, deletes it, and keeps one in use', async () => {
    const { page, close } = await app.openPage();
    try {
      await openAsAdmin(page, 'features');
      await page.getByRole('button', { name: 'New Feature' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Feature' });
      await checkNameRule(dialog, 'feature', 'Tacho Download');
      expect(await typeName(dialog, 'Fuel-Reports 2!')).toBe('FuelReports 2');
      await dialog.getByText(/^Left out: - !\./).waitFor();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await toastOf(page, 'Feature FuelReports 2 successfully created').waitFor();
      const row = rowOf(page, 'FuelReports 2');
      await row.waitFor();

      // Search on Name, then Refresh clears it.
      const search = page.getByRole('searchbox', { name: 'Search text' });
      await search.fill('fuel');
      await page.getByText('1 of 4 features').waitFor();
      await page.getByRole('button', { name: /Refresh/ }).click();
      expect(await search.inputValue()).toBe('');
      await page.getByText('4 features').waitFor();

      await row.getByRole('button', { name: 'Delete FuelReports 2' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm.getByText('Are you sure you want to remove this modem request?').waitFor();
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toastOf(page, 'Feature successfully removed!').waitFor();
      await row.waitFor({ state: 'detached' });

      await rowOf(page, 'Tacho Download')
        .getByRole('button', { name: /^Delete/ })
        .click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await toastOf(
        page,
        /^API call failed\. This feature is in use by \d+ customer\(s\)/,
      ).waitFor();
      await rowOf(page, 'Tacho Download').waitFor();
    } finally {
      await close();
    }
  });
});

describe('who reaches Roles and Features', () => {
  it.each(['user@demo.test', 'reseller@demo.test', 'viewer@demo.test'])(
    'sends %s to / with the alert, from either screen',
    async (email) => {
      const { page, dialogs, close } = await app.openPage();
      try {
        await app.signIn(page, email);
        for (const path of ['roles', 'features']) {
          await page.goto(app.url(path));
          await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
          expect(pathOf(page)).toBe('/');
        }
        expect(dialogs).toEqual([NOT_ALLOWED, NOT_ALLOWED]);
      } finally {
        await close();
      }
    },
  );
});
