import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import * as F from '../../src/shared/forwards/forward-form';
import { FORWARD_PROTOCOL_IDS, MESSAGE_TYPE_IDS } from '../../src/shared/forwards/forward-kinds';
import { SECRET_MASK, type Forward } from '../../src/shared/forwards/forwards';
import { toastOf, usePortal } from './support/app';

// Issue 25: a forward stored without a username (spec 02 §7's payload leaves it out) is saved
// unchanged from Update Forward; it once failed on 'Username: null'.
const app = usePortal();

/** A call as the signed-in page makes it. */
const api = <T>(page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as unknown;
    },
    { method, path, body },
  ) as Promise<T>;

it('Update Forward saves a forward without a username as it is', async () => {
  const session = await app.openPage();
  try {
    const { page } = session;
    await app.signIn(page, 'admin@demo.test');
    await page.goto(app.url('forwards'));
    const [customer] = await api<{ Id: number; Name: string }[]>(page, 'GET', 'customers/');
    if (!customer) throw new Error('no demo customer');
    const [created] = await api<Forward[]>(page, 'POST', 'forwards/', {
      CustomerId: customer.Id,
      Name: 'Open feed E2E',
      IP: '127.0.0.1',
      Port: 9100,
      Password: 'secret',
      Status: 1,
      MessageTypes: [MESSAGE_TYPE_IDS.RT],
      Protocols: [FORWARD_PROTOCOL_IDS['HTTP JSON']],
    });
    if (!created) throw new Error('no forward created');
    const before = await api<Forward>(page, 'GET', `forwards/${String(created.Id)}`);
    expect(before).toMatchObject({ Username: null, Password: SECRET_MASK });
    await page.reload();
    await page
      .getByRole('combobox', { name: 'Customer' })
      .first()
      .selectOption({ label: customer.Name });
    await page.getByRole('searchbox').fill(created.Name);
    await page
      .getByRole('button', { name: `Edit ${created.Name}` })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: 'Update Forward' });
    expect(await edit.getByLabel('Username', { exact: true }).inputValue()).toBe('');
    expect(await edit.textContent()).toContain(F.NO_USERNAME_HINT);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastOf(page, `Forward ${created.Name} succesfully updated!`).waitFor();
    expect(await api<Forward>(page, 'GET', `forwards/${String(created.Id)}`)).toEqual(before);
  } finally {
    await session.close();
  }
});
