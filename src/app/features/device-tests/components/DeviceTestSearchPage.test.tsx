import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@shared/devices/devices';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { CAN_LIBRARY } from '@app/features/device-detail/test/handlers';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import {
  apiUrl,
  deviceFixture,
  lookupHandlers,
  requestLog,
} from '@app/features/devices/test/devices-page-harness';
import { settingsFixture } from '@app/features/device-tests/test/fixtures';
import { renderPage } from '@app/features/device-tests/test/render';
import { fakeScan } from '@app/components/scan/test/fake-scan';
import { DeviceTestSearchPage } from './DeviceTestSearchPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));
vi.mock('@app/components/scan', () => import('@app/components/scan/test/fake-scan'));

const server = setupMockApi();
let log: ReturnType<typeof requestLog>;
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  saveSession(loginFixture({ Role: 'Admin' }));
  log = requestLog();
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    log.record(request);
  });
});

const devices = (...ids: number[]) => ids.map((id) => deviceFixture(id));

/** IMEI and SN searches answer these lists; the modal's lookups answer small fixed lists. */
function answer(byImei: Device[], bySn: Device[] = [], settings = [settingsFixture(1, 'other')]) {
  server.use(
    ...lookupHandlers,
    http.get(apiUrl('devices/search/IMEI/:text'), () => HttpResponse.json(byImei)),
    http.get(apiUrl('devices/search/SN/:text'), () => HttpResponse.json(bySn)),
    http.get(apiUrl('canconfig/active/'), () => HttpResponse.json(CAN_LIBRARY)),
    http.get(apiUrl('devicetestsettings/'), () => HttpResponse.json(settings)),
  );
}

const type = async (text: string) => {
  const field = await screen.findByLabelText('IMEI or serial number');
  fireEvent.change(field, { target: { value: text } });
};
const searches = () => log.seen.filter((r) => r.includes('devices/search/'));
// The search waits 800 ms after the last keystroke (spec 02 §4).
const settle = { timeout: 3000 };

describe('Installation Test search (spec 03 §2, §5)', () => {
  it('asks nothing below 3 characters, then searches IMEI and SN', async () => {
    answer(devices(1));
    renderPage(DeviceTestSearchPage);
    await type('35');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(searches()).toEqual([]);
    screen.getByText('Find the device to test');

    await type('358');
    await screen.findByRole('article', { name: deviceFixture(1).IMEI }, settle);
    expect(searches().sort()).toEqual(['GET devices/search/IMEI/358', 'GET devices/search/SN/358']);
  });

  it('shows a card per device for up to 5 matches, with the device facts', async () => {
    answer(devices(1, 2, 3), devices(3, 4, 5));
    renderPage(DeviceTestSearchPage);
    await type('3585');
    const list = await screen.findByRole('list', { name: 'Matching devices' }, settle);
    expect(within(list).getAllByRole('article')).toHaveLength(5);
    const card = within(list).getByRole('article', { name: deviceFixture(2).IMEI });
    for (const text of ['SN100002', 'Hansen Transport', 'HW 4.2', 'Default', 'Yes', 'Id 2']) {
      within(card).getByText(text);
    }
    within(card).getByText('22-11-2026', { exact: false });
  });

  it('hides the list above 5 matches and asks to refine', async () => {
    answer(devices(1, 2, 3, 4), devices(5, 6));
    renderPage(DeviceTestSearchPage);
    await type('3585');
    await screen.findByText('More than 5 devices match', undefined, settle);
    screen.getByText(/Refine the search/);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows Viewers the devices without Run test (read-only)', async () => {
    saveSession(loginFixture({ Role: 'Viewer' }));
    answer(devices(1));
    renderPage(DeviceTestSearchPage);
    await type('358');
    const card = await screen.findByRole('article', { name: deviceFixture(1).IMEI }, settle);
    expect(within(card).queryByRole('button', { name: 'Run test' })).toBeNull();
  });

  it('says so when nothing matches', async () => {
    answer([], []);
    renderPage(DeviceTestSearchPage);
    await type('999');
    await screen.findByText('No devices found', undefined, settle);
  });
});

describe('scanning the device label', () => {
  it('searches a scanned IMEI at once, by IMEI and SN', async () => {
    const device = deviceFixture(3);
    answer([device]);
    renderPage(DeviceTestSearchPage);
    fakeScan.next = { kind: 'imei', value: device.IMEI };
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    // No 800 ms wait: the card is there before the debounce would have ended.
    await screen.findByRole('article', { name: device.IMEI }, { timeout: 600 });
    expect(screen.getByLabelText<HTMLInputElement>('IMEI or serial number').value).toBe(
      device.IMEI,
    );
    expect(searches().sort()).toEqual([
      `GET devices/search/IMEI/${device.IMEI}`,
      `GET devices/search/SN/${device.IMEI}`,
    ]);
  });

  it('searches a scanned ICCID by ICCID, and typing goes back to IMEI and SN', async () => {
    const device = deviceFixture(4);
    const iccid = device.ICCID ?? '';
    answer([]);
    server.use(http.get(apiUrl('devices/search/ICCID/:text'), () => HttpResponse.json([device])));
    renderPage(DeviceTestSearchPage);
    fakeScan.next = { kind: 'iccid', value: iccid };
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    await screen.findByRole('article', { name: device.IMEI }, settle);
    screen.getByText('Scanned ICCID: searching by ICCID.');
    expect(searches()).toEqual([`GET devices/search/ICCID/${iccid}`]);

    await type('3585');
    await screen.findByText('No devices found', undefined, settle);
    expect(screen.queryByText('Scanned ICCID: searching by ICCID.')).toBeNull();
    expect(searches().slice(1).sort()).toEqual([
      'GET devices/search/IMEI/3585',
      'GET devices/search/SN/3585',
    ]);
  });
});

describe('the configuration modal (spec 03 §4, §8)', () => {
  async function openModalFor(device: Device) {
    await type(device.IMEI);
    const card = await screen.findByRole('article', { name: device.IMEI }, settle);
    fireEvent.click(within(card).getByRole('button', { name: 'Run test' }));
    return screen.findByRole('dialog', { name: `Test ${device.IMEI}` });
  }

  it('saves new settings with POST, toasts saved, starts the test and opens it', async () => {
    const device = deviceFixture(7, { CustomerId: 3, ConfigurationGroupId: 1 });
    const bodies: unknown[] = [];
    answer([device]);
    server.use(
      http.post(apiUrl('devicetestsettings/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(settingsFixture(11, device.IMEI));
      }),
      http.get(apiUrl('devicetestsettings/setactive/:imei'), () => HttpResponse.json(true)),
    );
    const { router } = renderPage(DeviceTestSearchPage);
    const dialog = await openModalFor(device);
    // Starts from the device's own customer, group and protocol.
    await waitFor(() => {
      expect(within(dialog).getByLabelText<HTMLSelectElement>('Customer').value).toBe('3');
    });
    fireEvent.change(within(dialog).getByLabelText('CAN protocol'), {
      target: { value: 'VOLVFH4001' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save & start test' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/devicetest/7');
    });
    expect(toast.success).toHaveBeenCalledWith('Device test settings successfully saved!');
    expect(bodies).toEqual([
      {
        Imei: device.IMEI,
        CustomerId: 3,
        ConfigurationGroupId: 1,
        Protocol: 'VOLVFH4001',
        CanProtocol: 'VOLVFH4001',
        UserId: 7,
      },
    ]);
    // Saved first, then started (the settings list refetch after saving aside).
    const writes = log.seen.filter(
      (r) => r.includes('devicetestsettings/') && r !== 'GET devicetestsettings/',
    );
    expect(writes).toEqual([
      'POST devicetestsettings/',
      expect.stringMatching(
        new RegExp(`^GET devicetestsettings/setactive/${device.IMEI}\\?run=[0-9a-f-]{36}$`),
      ) as string,
    ]);
  });

  it("updates the IMEI's existing settings with PUT and toasts updated", async () => {
    const device = deviceFixture(8);
    answer(
      [device],
      [],
      [settingsFixture(21, device.IMEI, { CustomerId: 4, ConfigurationGroupId: 40 })],
    );
    server.use(
      http.put(apiUrl('devicetestsettings/21'), async ({ request }) =>
        HttpResponse.json({
          ...settingsFixture(21, device.IMEI),
          ...((await request.json()) as object),
        }),
      ),
      http.get(apiUrl('devicetestsettings/setactive/:imei'), () => HttpResponse.json(true)),
    );
    const { router } = renderPage(DeviceTestSearchPage);
    const dialog = await openModalFor(device);
    // The saved settings win over the device's current values.
    await waitFor(() => {
      expect(within(dialog).getByLabelText<HTMLSelectElement>('Configuration group').value).toBe(
        '40',
      );
    });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Customer').value).toBe('4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save & start test' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/devicetest/8');
    });
    expect(toast.success).toHaveBeenCalledWith('Device test settings successfully updated!');
    expect(log.seen).toContain('PUT devicetestsettings/21');
  });

  it('needs a customer: Save stays off, the shared message shows, nothing is sent', async () => {
    const device = deviceFixture(9, { CustomerId: null, Customer: null });
    answer([device], [], []);
    renderPage(DeviceTestSearchPage);
    const dialog = await openModalFor(device);
    const customer = await within(dialog).findByLabelText('Customer');
    const start = within(dialog).getByRole('button', { name: 'Save & start test' });
    await waitFor(() => {
      expect(start.hasAttribute('disabled')).toBe(true);
    });
    fireEvent.focus(customer);
    fireEvent.blur(customer);
    await within(dialog).findByText('Customer is Required');
    fireEvent.click(start);
    expect(log.seen.filter((r) => !r.startsWith('GET'))).toEqual([]);
  });
});
