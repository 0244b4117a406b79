import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../src/shared/customers/customers';
import type { Device } from '../../src/shared/devices/devices';
import { pageApi } from './support/page-api';
import { toastOf, usePortal, type OpenPage } from './support/app';
import { expectMessage, visit } from './support/libraries';

const app = usePortal();

/** The option texts of a select. */
const optionsOf = (select: Locator) =>
  select.locator('option').evaluateAll((options) => options.map((o) => o.textContent));

const NAME = 'Atlas depot E2E';
const RENAMED = 'Atlas depot receiver';
const SPARE = 'Atlas spare E2E';

describe('endpoints (spec 02 "Endpoints page") as a user at 1440×900', () => {
  let session: OpenPage | undefined;
  let device: Device | undefined;
  const opened = (): Page => {
    if (!session) throw new Error('the page did not open');
    return session.page;
  };
  const endpointTab = async () => {
    if (!device) throw new Error('no device with an Endpoints tab');
    const page = opened();
    await page.goto(app.url(`device/${device.Id}?tab=endpoints`));
    await page.getByRole('heading', { name: device.IMEI }).waitFor();
    return page.getByLabel('Message 1', { exact: true });
  };
  const row = (name: string) => opened().getByRole('row', { name: new RegExp(name) });
  const remove = async (name: string) => {
    const page = opened();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('Are you sure you want to remove this endpoint?').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
  };

  beforeAll(async () => {
    session = await app.openPage();
    await app.signIn(session.page, 'user@demo.test');
    // A device of Atlas Freight whose firmware has the Endpoints tab (applicationVersion ≠ 0).
    const [atlas] = await pageApi<Customer[]>(session.page, 'customers/');
    const devices = await pageApi<Device[]>(session.page, `devices/customer/${atlas?.Id ?? 0}`);
    device = devices.find((d) => d.DeviceType === 4);
  });
  afterAll(async () => {
    expect(session?.dialogs).toEqual([]);
    await session?.close();
  });

  it('Create Endpoint shows each rule’s message, then creates the endpoint', async () => {
    const page = opened();
    await page.goto(app.url('endpoints'));
    await page.getByRole('heading', { name: 'Endpoints' }).waitFor();
    await row('Fleet Portal ingest').waitFor();
    await page.getByRole('button', { name: 'New Endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Endpoint' });
    const customer = dialog.getByLabel('Customer');
    const name = dialog.getByLabel('Name', { exact: true });
    const url = dialog.getByLabel('URL');
    const protocol = dialog.getByLabel('Protocol');
    const save = dialog.getByRole('button', { name: 'Save' });

    await visit(customer);
    await expectMessage(customer, 'No Customer selected');
    await name.fill('At');
    await name.blur();
    await expectMessage(name, 'Name must be at least 3 characters');
    await url.fill('x');
    await url.fill('');
    await url.blur();
    await expectMessage(url, 'URL is required');
    await url.fill('ftp://depot.example.com');
    await expectMessage(url, 'URL must be an http:// or https:// address');
    await protocol.selectOption({ label: 'TCP' });
    await expectMessage(url, 'URL must be tcp://host:port (port 1 to 65535)');
    expect(await save.isDisabled()).toBe(true);

    await customer.selectOption({ label: 'Atlas Freight' });
    await name.fill(NAME);
    await url.fill('tcp://depot.atlas.example:5002');
    await save.click();
    await toastOf(page, `Endpoint ${NAME} saved succesfully`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const cells = await row(NAME).getByRole('cell').allTextContents();
    expect(cells.slice(0, 5)).toEqual([
      'Atlas Freight',
      NAME,
      'tcp://depot.atlas.example:5002',
      'TCP',
      '0',
    ]);
  });

  it("the device's Endpoints tab offers it, and an update renames it there", async () => {
    const page = opened();
    expect(await optionsOf(await endpointTab())).toContain(NAME);

    await page.goto(app.url('endpoints'));
    await page.getByRole('button', { name: `Edit ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Endpoint' });
    await dialog.getByLabel('Name', { exact: true }).fill(RENAMED);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastOf(page, `Endpoint ${RENAMED} updated succesfully`).waitFor();
    await row(RENAMED).waitFor();

    const slot = await endpointTab();
    await expect.poll(() => optionsOf(slot)).toContain(RENAMED);
    expect(await optionsOf(slot)).not.toContain(NAME);
  });

  it('an endpoint a device uses cannot be removed; an unused one can', async () => {
    const page = opened();
    const slot = await endpointTab();
    await slot.selectOption({ label: RENAMED });
    await page.getByRole('button', { name: 'Save message 1' }).click();
    await toastOf(page, /Settings saved for/).waitFor();

    await page.goto(app.url('endpoints'));
    await expect.poll(() => row(RENAMED).getByRole('cell').nth(4).textContent()).toBe('1');
    await remove(RENAMED);
    await toastOf(
      page,
      'API call failed. This endpoint is used by 1 device and 0 settings profiles',
    ).waitFor();
    await row(RENAMED).waitFor();

    await page.getByRole('button', { name: 'New Endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Endpoint' });
    await dialog.getByLabel('Customer').selectOption({ label: 'Atlas Freight' });
    await dialog.getByLabel('Name', { exact: true }).fill(SPARE);
    await dialog.getByLabel('URL').fill('https://spare.atlas.example/in');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastOf(page, `Endpoint ${SPARE} saved succesfully`).waitFor();
    await remove(SPARE);
    await toastOf(page, `Endpoint ${SPARE} deleted`).waitFor();
    await row(SPARE).waitFor({ state: 'detached' });
    expect(await optionsOf(await endpointTab())).not.toContain(SPARE);
  });
});

describe('endpoints as a Viewer', () => {
  it('shows the list without New Endpoint, edit or delete', async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'viewer@demo.test');
      await page.goto(app.url('endpoints'));
      await page.getByRole('row', { name: /Fleet Portal ingest/ }).waitFor();
      await page.getByRole('row', { name: /Atlas Freight HTTP/ }).waitFor();
      expect(await page.getByRole('button', { name: 'New Endpoint' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
