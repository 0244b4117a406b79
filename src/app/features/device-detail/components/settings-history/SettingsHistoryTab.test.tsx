import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceSetting } from '@shared/devices/devices';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, renderWithProviders } from '@app/features/device-detail/test/render';
import { SettingsHistoryTab } from './SettingsHistoryTab';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = setupMockApi();
const setting = (Id: number, SettingName: string, Value: string, Processed: boolean) =>
  ({
    Id,
    SettingName,
    Value,
    Processed,
    CreatedDate: '2026-11-22T06:20:43.550Z',
    ProcessedDate: null,
  }) satisfies DeviceSetting;

const HISTORY = [
  setting(3, 'TachoType', '1', false),
  setting(2, 'iButton', '1', false),
  setting(1, 'timedMessageInterval', '60', true),
];

function withHistory() {
  server.use(http.get(apiUrl('devices/settings/:imei'), () => HttpResponse.json(HISTORY)));
}

describe('SettingsHistoryTab', () => {
  it('shows Processed as Yes or No; processed settings cannot be edited', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withHistory();
    renderWithProviders(<SettingsHistoryTab device={deviceFixture()} />);
    const table = await screen.findByRole('table', { name: 'Settings history' });
    const processed = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[3]?.textContent);
    expect(processed).toEqual(['No', 'No', 'Yes']);
    expect(
      screen.getByRole('button', { name: 'Edit timedMessageInterval' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('accepts only the spec values in the edit dialog (TachoType vdo, stoneridge or 0)', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withHistory();
    let body: unknown;
    server.use(
      http.put(apiUrl('devices/settings/:id'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(HISTORY[0]);
      }),
    );
    renderWithProviders(<SettingsHistoryTab device={deviceFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit TachoType' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit setting' });
    const value = within(dialog).getByLabelText('Value');
    const save = () => within(dialog).getByRole('button', { name: 'Save' });

    for (const bad of ['1', 'abc', '']) {
      fireEvent.change(value, { target: { value: bad } });
      expect(save().hasAttribute('disabled')).toBe(true);
    }
    fireEvent.change(value, { target: { value: 'stoneridge' } });
    expect(save().hasAttribute('disabled')).toBe(false);
    fireEvent.click(save());
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('The setting has been updated');
    });
    expect(body).toEqual({ SettingName: 'TachoType', Value: 'stoneridge' });
  });

  it('accepts only 0 or 1 for iButton', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withHistory();
    renderWithProviders(<SettingsHistoryTab device={deviceFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit iButton' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit setting' });
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: '2' } });
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: '0' } });
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('removes the unprocessed settings after confirmation', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withHistory();
    let removedFor = '';
    server.use(
      http.delete(apiUrl('devices/settings/all/:imei'), ({ params }) => {
        removedFor = String(params.imei);
        return HttpResponse.json(deviceFixture());
      }),
    );
    renderWithProviders(<SettingsHistoryTab device={deviceFixture()} />);
    await screen.findByRole('table', { name: 'Settings history' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Unprocessed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Unprocessed settings have been removed');
    });
    expect(removedFor).toBe('358528110000005');
  });

  it("asks 'Are you sure you want to remove this setting?' before deleting one", async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withHistory();
    renderWithProviders(<SettingsHistoryTab device={deviceFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete iButton' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('Are you sure you want to remove this setting?');
  });

  it('hides Remove Unprocessed, edit and delete from viewers', async () => {
    saveSession(loginFixture({ Role: 'Viewer' }));
    withHistory();
    renderWithProviders(<SettingsHistoryTab device={deviceFixture()} />);
    await screen.findByRole('table', { name: 'Settings history' });
    expect(screen.queryByRole('button', { name: 'Remove Unprocessed' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });
});
