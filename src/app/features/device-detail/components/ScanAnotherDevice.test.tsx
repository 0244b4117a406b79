import { onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { fakeScan } from '@app/components/scan/test/fake-scan';
import { deviceFixture } from '@app/features/devices/test/device-fixture';
import { ScanAnotherDevice } from './ScanAnotherDevice';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
vi.mock('@app/components/scan', () => import('@app/components/scan/test/fake-scan'));

const server = startApiServer();
afterEach(() => {
  cleanup();
  fakeScan.outcomes = [];
  onlineManager.setOnline(true);
});

const IMEI = '490154203237518';

async function scan(found: unknown[]) {
  saveSession(loginFixture({ Role: 'User' }));
  server.use(http.get(apiUrl('devices/search/IMEI/:text'), () => HttpResponse.json(found)));
  const { router } = renderRoute(() => <ScanAnotherDevice tab="settings" />, {
    links: ['/device/$id', '/devices'],
  });
  fakeScan.next = { kind: 'imei', value: IMEI };
  fireEvent.click(await screen.findByRole('button', { name: 'Scan another device' }));
  return router;
}

describe("the device page's Scan another device", () => {
  it('opens the scanned device on the same tab', async () => {
    const router = await scan([deviceFixture(7, { IMEI })]);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/device/7');
    });
    expect(router.state.location.search).toEqual({ tab: 'settings' });
    expect(fakeScan.outcomes).toEqual([undefined]);
  });

  it('says so when no device has that IMEI, and stays', async () => {
    const router = await scan([deviceFixture(8, { IMEI: `1${IMEI}` })]);
    await waitFor(() => {
      expect(fakeScan.outcomes).toEqual([
        `No device with IMEI ${IMEI} was found among the devices you can see.`,
      ]);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('says so offline instead of waiting for the connection', async () => {
    onlineManager.setOnline(false);
    await scan([]);
    await waitFor(() => {
      expect(fakeScan.outcomes).toEqual([
        `You are offline, so IMEI ${IMEI} cannot be looked up. Scan it again once connected.`,
      ]);
    });
  });
});
