import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as F from '@shared/libraries/firmware-library';
import { FIRMWARE_FILE } from '@shared/libraries/library-files';
import { giveElementsASize } from '@app/components/list/test/layout';
import { firmwareKeys } from '@app/lib/lookups/libraries';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { partsOf } from '@app/test/multipart';
import { firmware, FIRMWARES } from '@app/features/firmware/test/fixtures';
import { cells, showFirmware } from '@app/features/firmware/test/render';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
let restoreSize: () => void;
beforeEach(() => {
  restoreSize = giveElementsASize();
});
afterEach(() => {
  cleanup();
  restoreSize();
});

const image = (size: number, name = 'qan_4_4.04.00.fota') => new File([new Uint8Array(size)], name);

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'New Firmware' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Firmware' });
  const select = (name: string) =>
    within(dialog).getByRole<HTMLSelectElement>('combobox', { name });
  const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save Changes' });
  return { dialog, select, save };
}

describe('Create Firmware', () => {
  it("starts from the spec's defaults, shows each rule, posts the image and lists it first", async () => {
    const { client } = showFirmware(server);
    client.setQueryData(firmwareKeys.active(), FIRMWARES);
    let parts: Record<string, string> = {};
    server.use(
      http.post(apiUrl('AddonBoardFW/'), async ({ request }) => {
        parts = await partsOf(request);
        return HttpResponse.json(firmware(4, '4.04.00', { Created: '2026-04-01T10:00:00.000Z' }));
      }),
    );
    const { dialog, select, save } = await openCreate();
    expect(within(dialog).getByText('Close', { selector: 'button' })).toBeTruthy();
    const chosen = (name: string) => select(name).selectedOptions[0]?.textContent;
    expect([
      chosen('Type (Release)'),
      chosen('Device Type'),
      chosen('Type Firmware'),
      chosen('Status'),
    ]).toEqual(['Test version', '--', '--', 'Active']);
    expect(save.disabled).toBe(true);
    // The '--' placeholders are a new form's, not stored values to fix: no message before a touch.
    expect(within(dialog).queryByText(F.FIRMWARE_DEVICE_TYPE_REQUIRED)).toBeNull();

    fireEvent.submit(save.closest('form') as HTMLFormElement);
    for (const message of [
      F.VERSION_REQUIRED,
      F.FIRMWARE_DEVICE_TYPE_REQUIRED,
      F.FIRMWARE_TYPE_REQUIRED,
      FIRMWARE_FILE.requiredMessage,
    ]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    const version = within(dialog).getByRole('textbox', { name: 'Version' });
    fireEvent.change(version, { target: { value: '4.04' } });
    expect(within(dialog).getByText(F.VERSION_TOO_SHORT)).toBeTruthy();
    fireEvent.change(version, { target: { value: '4.04.00.1' } });
    expect(within(dialog).getByText(F.VERSION_TOO_LONG)).toBeTruthy();
    fireEvent.change(version, { target: { value: '4.04.00' } });
    fireEvent.change(select('Type (Release)'), { target: { value: 'true' } });
    fireEvent.change(select('Device Type'), { target: { value: '4' } });
    fireEvent.change(select('Type Firmware'), { target: { value: '2' } });
    const file = within(dialog).getByLabelText('Firmware File');
    fireEvent.change(file, { target: { files: [image(10, 'notes.txt')] } });
    expect(within(dialog).getByText(FIRMWARE_FILE.formatMessage)).toBeTruthy();
    fireEvent.change(file, { target: { files: [image(400_000)] } });
    expect(within(dialog).getByText('File too large')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(file, { target: { files: [image(1000)] } });
    await waitFor(() => {
      expect(save.disabled).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Firmware 4.04.00 saved!');
    });
    expect(parts).toEqual({
      Version: '4.04.00',
      Release: 'true',
      DeviceType: '4',
      FirmwareFlag: '2',
      Active: 'true',
      Filename: 'qan_4_4.04.00.fota',
      Firmware: 'qan_4_4.04.00.fota (1000 bytes)',
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    // The answer joins the list at the top (newest first); the device page's selects reload.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('4.04.00');
    expect(client.getQueryState(firmwareKeys.active())?.isInvalidated).toBe(true);
  });
});

describe('Edit Firmware', () => {
  it('edits without a new image (Filename empty) and updates the row', async () => {
    showFirmware(server);
    let parts: Record<string, string> = {};
    server.use(
      http.put(apiUrl('AddonBoardFW/3'), async ({ request }) => {
        parts = await partsOf(request);
        return HttpResponse.json(firmware(3, '4.03.00', { Release: true, Active: false }));
      }),
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit 4.03.00 Application QAN-ALL 4G' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Firmware' });
    expect(within(dialog).getByText('Current file: qan_4_4.03.00.fota · 200 KB')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Type (Release)' }), {
      target: { value: 'true' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), {
      target: { value: 'false' },
    });
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save Changes' });
    await waitFor(() => {
      expect(save.disabled).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Firmware 4.03.00 saved!');
    });
    expect(parts).toEqual({
      Id: '3',
      Version: '4.03.00',
      Release: 'true',
      DeviceType: '4',
      FirmwareFlag: '2',
      Active: 'false',
      Filename: '',
    });
    const row = screen.getByRole('row', { name: /4\.03\.00/ });
    await waitFor(() => {
      expect(cells(row).slice(3, 5)).toEqual(['Release', 'InActive']);
    });
    // Now inactive, it may be deleted.
    expect(
      within(row).getByRole('button', { name: 'Delete 4.03.00 Application QAN-ALL 4G' }),
    ).toBeTruthy();
  });
});
