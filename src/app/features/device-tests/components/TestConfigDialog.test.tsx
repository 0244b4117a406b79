import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@shared/devices/devices';
import type { DeviceTestSettings } from '@shared/devices/device-tests';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { CAN_LIBRARY } from '@app/features/device-detail/test/handlers';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import {
  apiUrl,
  deviceFixture,
  lookupHandlers,
} from '@app/features/devices/test/devices-page-harness';
import { settingsFixture } from '@app/features/device-tests/test/fixtures';
import { renderPage } from '@app/features/device-tests/test/render';
import { TestConfigDialog } from './TestConfigDialog';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = setupMockApi();
beforeEach(() => {
  saveSession(loginFixture({ Role: 'Admin' }));
});

// The library lists a protocol once per version (9 codes came as 20 options): VOLVFH4001
// twice here, and SCANR20002 is for type 2 only.
const LIBRARY = [...CAN_LIBRARY, { ...CAN_LIBRARY[0], Id: 3, Version: '2.2' }];

function openFor(device: Device, settings: DeviceTestSettings[] = []) {
  server.use(
    ...lookupHandlers,
    http.get(apiUrl('canconfig/active/'), () => HttpResponse.json(LIBRARY)),
    http.get(apiUrl('devicetestsettings/'), () => HttpResponse.json(settings)),
  );
  renderPage(() => <TestConfigDialog device={device} onClose={() => undefined} />);
  return screen.findByRole('dialog', { name: `Test ${device.IMEI}` });
}

const choices = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.getAttribute('value'));

describe('the set-up CAN protocol: the device page rule (spec 01 §2.6, 03 §4)', () => {
  it("offers the device type's protocols once each, keeping the current one", async () => {
    const dialog = await openFor(deviceFixture(10, { DeviceType: 4, Protocol: 'IVECSW0006' }));
    const select = await within(dialog).findByLabelText<HTMLSelectElement>('CAN protocol');
    await waitFor(() => {
      expect(choices(select)).toEqual(['IVECSW0006', 'VOLVFH4001']);
    });
    expect(select.value).toBe('IVECSW0006');
    expect(select.disabled).toBe(false);
    within(select).getByRole('option', { name: 'CurrentVersion: IVECSW0006' });
  });

  it('offers no protocol change on an old-CAN type-2 device, whatever was saved', async () => {
    const device = deviceFixture(11, {
      DeviceType: 2,
      Protocol: 'SCANR20002',
      CAN1Version: '2105004',
    });
    const dialog = await openFor(device, [
      settingsFixture(31, device.IMEI, { Protocol: 'VOLVFH4001', CanProtocol: 'VOLVFH4001' }),
    ]);
    const select = await within(dialog).findByLabelText<HTMLSelectElement>(
      'CAN protocol (OLD CAN ver)',
    );
    await waitFor(() => {
      expect(select.value).toBe('SCANR20002');
    });
    expect(select.disabled).toBe(true);
    within(dialog).getByText("This device's CAN version is too old to change its protocol.");
  });

  it('keeps "No CAN protocol" for a device without one', async () => {
    const dialog = await openFor(deviceFixture(12, { DeviceType: 2, Protocol: null }));
    const select = await within(dialog).findByLabelText<HTMLSelectElement>('CAN protocol');
    await waitFor(() => {
      expect(choices(select)).toEqual(['', 'SCANR20002']);
    });
  });
});
