import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { configFixture, deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { lookupHandlers } from '@app/features/device-detail/test/handlers';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import {
  apiUrl,
  descriptionOf,
  renderWithProviders,
} from '@app/features/device-detail/test/render';
import { SettingsTab } from './SettingsTab';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = setupMockApi();

/** Pending 60 s while the device still runs 120 s. */
const outOfSync = deviceFixture({
  InSync: false,
  CurrentConfig: configFixture({}, { timedMessageInterval: '120' }),
  NewConfig: configFixture({}, { timedMessageInterval: '60' }),
});

describe('SettingsTab', () => {
  it('warns when out of sync and shows the applied value in brackets', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(...lookupHandlers());
    renderWithProviders(<SettingsTab device={outOfSync} />);
    expect(await screen.findByText('Device is not in sync')).toBeTruthy();
    const timed = screen.getByLabelText<HTMLInputElement>('Timed message interval');
    expect(timed.value).toBe('60');
    expect(descriptionOf(timed)).toBe('Applied value (120 s)');
    expect(descriptionOf(screen.getByLabelText('Standby message interval'))).toBe('');
  });

  it('sends only the changed settings and toasts the IMEI', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    let body: unknown;
    server.use(
      ...lookupHandlers(),
      http.post(apiUrl('devices/settings/:imei'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(outOfSync);
      }),
    );
    renderWithProviders(<SettingsTab device={outOfSync} />);
    const standby = await screen.findByLabelText('Standby message interval');
    fireEvent.change(standby, { target: { value: '3600' } });
    fireEvent.click(screen.getByRole('switch', { name: 'iButton (DriverID)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Settings saved for 358528110000005');
    });
    expect(body).toEqual({
      SettingsList: [
        { SettingName: 'iButton', Value: '1' },
        { SettingName: 'standbyMessageInterval', Value: '3600' },
      ],
    });
  });

  it('labels the VIN as the configured one, showing the reported VIN under it while they differ', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(...lookupHandlers());
    // The fixture's device reports WDB5LGP46V9LWBX5D; its VIN setting is empty.
    renderWithProviders(<SettingsTab device={deviceFixture()} />);
    const vin = await screen.findByLabelText<HTMLInputElement>('VIN (configured)');
    expect(vin.value).toBe('');
    expect(descriptionOf(vin)).toBe('Not set. Device reports: WDB5LGP46V9LWBX5D');
    fireEvent.change(vin, { target: { value: 'YV2RT40A8HB123456' } });
    expect(descriptionOf(vin)).toBe('Device reports: WDB5LGP46V9LWBX5D');
    fireEvent.change(vin, { target: { value: 'WDB5LGP46V9LWBX5D' } });
    expect(descriptionOf(vin)).toBe('');
  });

  it('blocks Save while a changed value breaks the shared rule', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(...lookupHandlers());
    renderWithProviders(<SettingsTab device={outOfSync} />);
    fireEvent.change(await screen.findByLabelText('Standby message interval'), {
      target: { value: '1h' },
    });
    expect(await screen.findByText('Must be a whole number of 0 or more')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('locks the settings under an applied profile, but not the GNSS antenna', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(...lookupHandlers());
    const config = configFixture({ settingsProfileID: 'profile-1' });
    renderWithProviders(
      <SettingsTab device={deviceFixture({ CurrentConfig: config, NewConfig: config })} />,
    );
    await screen.findByRole('option', { name: 'Standard tracking' });
    expect(screen.getByLabelText<HTMLInputElement>('Timed message interval').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('GNSS antenna').disabled).toBe(false);

    // '--' frees them again, and is sent as an empty value.
    fireEvent.change(screen.getByLabelText('Settings profile'), { target: { value: '' } });
    expect(screen.getByLabelText<HTMLInputElement>('Timed message interval').disabled).toBe(false);
  });

  it('gives viewers disabled fields, the antenna included, and no Save', async () => {
    saveSession(loginFixture({ Role: 'Viewer' }));
    server.use(...lookupHandlers());
    renderWithProviders(<SettingsTab device={outOfSync} />);
    expect((await screen.findByLabelText<HTMLSelectElement>('GNSS antenna')).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Timed message interval').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/devices');
  });
});
