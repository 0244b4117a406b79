import { onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  DEVICE_TEST_NOT_ACTIVE,
  DEVICE_TEST_SERVER_METHODS as SERVER,
} from '@shared/devices/device-tests';
import { stopProbing } from '@app/lib/connectivity';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, requestLog } from '@app/features/devices/test/devices-page-harness';
import { fakeTestHub } from '@app/features/device-tests/test/fake-hub';
import { renderPage } from '@app/features/device-tests/test/render';
import { LiveTestPage } from './LiveTestPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = setupMockApi();
const device = deviceFixture();
let log: ReturnType<typeof requestLog>;
let hub: ReturnType<typeof fakeTestHub>;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  saveSession(loginFixture({ Role: 'Admin' }));
  consoleError = vi.spyOn(console, 'error');
  log = requestLog();
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    log.record(request);
  });
  hub = fakeTestHub();
  server.use(
    ...hub.handlers,
    http.get(apiUrl(`devices/${String(device.Id)}`), () => HttpResponse.json(device)),
    http.get(apiUrl(`devices/rawmessages/${device.IMEI}`), () => HttpResponse.json([])),
    http.get(apiUrl('devicetestsettings/setinactive/:imei'), () => HttpResponse.json(true)),
    http.get(apiUrl('devicetestsettings/setactive/:imei'), () => HttpResponse.json(true)),
    http.get(apiUrl('health'), () => HttpResponse.json({ ok: true })),
  );
});

afterEach(async () => {
  // Leaving stops a running test a moment later: let that call end while msw still answers.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 150));
  consoleError.mockRestore();
  stopProbing();
  onlineManager.setOnline(true);
});

const Page = () => <LiveTestPage id={device.Id} />;
const settle = { timeout: 3000 };
const TECHNICAL = /negotiat|TypeError|Failed to fetch|WebSocket|Status code/i;

describe('the live test page without a running test, and on a bad connection', () => {
  it('says plainly that no test runs, logs no errors, and stops nothing when left', async () => {
    const { router } = renderPage(Page);
    await screen.findByRole('status', { name: 'Connection: Live' }, settle);
    hub.close(DEVICE_TEST_NOT_ACTIVE);
    await screen.findByText('No test is running for this device', undefined, settle);
    expect(document.body.textContent).not.toMatch(TECHNICAL);
    screen.getByRole('link', { name: 'Set up a test' });

    await router.navigate({ to: '/devicetest' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(log.seen.filter((r) => r.includes('setinactive'))).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('starts a new test and reconnects from "Start the test"', async () => {
    renderPage(Page);
    await screen.findByRole('status', { name: 'Connection: Live' }, settle);
    hub.close(DEVICE_TEST_NOT_ACTIVE);
    fireEvent.click(await screen.findByRole('button', { name: 'Start the test' }, settle));
    await waitFor(() => {
      expect(
        log.seen.some((r) => r.startsWith(`GET devicetestsettings/setactive/${device.IMEI}?run=`)),
      ).toBe(true);
    });
    await waitFor(() => {
      expect(
        log.seen.filter((r) => r.startsWith('POST socketdevicetests/ws/negotiate')),
      ).toHaveLength(2);
    }, settle);
    hub.send(SERVER.receiveTestList, []);
    await screen.findByRole('status', { name: 'Connection: Live' }, settle);
  });

  it('says the portal cannot be reached, not the client’s technical text', async () => {
    server.use(
      http.post(apiUrl('socketdevicetests/ws/negotiate'), () => HttpResponse.error()),
      http.get(apiUrl('health'), () => HttpResponse.error()),
    );
    renderPage(Page);
    await screen.findByText('The portal cannot be reached', undefined, settle);
    screen.getByText(/reconnects by itself/);
    expect(document.body.textContent).not.toMatch(TECHNICAL);
    expect(consoleError).not.toHaveBeenCalled();

    // The server answers again: the page reconnects by itself, restarting nothing.
    const negotiations = () =>
      log.seen.filter((r) => r.startsWith('POST socketdevicetests/ws/negotiate')).length;
    const before = negotiations();
    server.use(...hub.handlers);
    onlineManager.setOnline(true);
    await waitFor(() => {
      expect(negotiations()).toBeGreaterThan(before);
    }, settle);
    expect(log.seen.filter((r) => r.includes('setactive'))).toEqual([]);
  });

  it('says the installer is offline when the device has no network', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.post(apiUrl('socketdevicetests/ws/negotiate'), () => HttpResponse.error()));
    renderPage(Page);
    await screen.findByText('You are offline: the test goes on', undefined, settle);
    screen.getByText(/verdicts wait in the Outbox/);
    screen.getByRole('status', { name: 'Connection: Offline' });
    expect(document.body.textContent).not.toMatch(TECHNICAL);
    onLine.mockRestore();
  });
});
