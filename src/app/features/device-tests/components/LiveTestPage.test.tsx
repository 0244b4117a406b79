import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_TEST_SERVER_METHODS as SERVER, type TestItem } from '@shared/devices/device-tests';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, requestLog } from '@app/features/devices/test/devices-page-harness';
import { fakeTestHub } from '@app/features/device-tests/test/fake-hub';
import { renderPage } from '@app/features/device-tests/test/render';
import {
  newRun,
  readCurrentRun,
  saveCurrentRun,
} from '@app/features/device-tests/model/current-run';
import { LiveTestPage } from './LiveTestPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = setupMockApi();
let log: ReturnType<typeof requestLog>;
let hub: ReturnType<typeof fakeTestHub>;
const device = deviceFixture();
const stored = { Id: 40, TimeStampServer: '2026-11-23T10:00:00.000Z', Message: '{"Odo":1}' };

beforeEach(() => {
  localStorage.clear();
  saveSession(loginFixture({ Role: 'Admin' }));
  log = requestLog();
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    log.record(request);
  });
  hub = fakeTestHub();
  server.use(
    ...hub.handlers,
    http.get(apiUrl(`devices/${String(device.Id)}`), () => HttpResponse.json(device)),
    http.get(apiUrl(`devices/rawmessages/${device.IMEI}`), () => HttpResponse.json([stored])),
    http.get(apiUrl(`devicetestsettings/setinactive/${device.IMEI}`), () =>
      HttpResponse.json(true),
    ),
  );
});

const item = (key: TestItem['key'], title: string, state: TestItem['state']): TestItem => ({
  key,
  title,
  desc: `${title} check`,
  value: `${title} value`,
  state,
});
const items = [item('connection', 'Connection', 1), item('vin', 'VIN', 4), item('io1', 'IO1', 2)];

function Page() {
  return <LiveTestPage id={device.Id} />;
}

async function liveWithItems() {
  const view = renderPage(Page);
  await screen.findByRole('status', { name: 'Connection: Live' }, { timeout: 3000 });
  await waitFor(
    () => {
      expect(hub.invocations.map((i) => [i.target, i.arguments])).toEqual([
        ['InitTestSocket', [device.IMEI]],
      ]);
    },
    { timeout: 3000 },
  );
  hub.send(SERVER.receiveTestList, items);
  await screen.findByRole('list', { name: 'Test items' }, { timeout: 3000 });
  return view;
}

describe('the live test page (spec 03 §4)', () => {
  it('shows the items by state, sends a verdict, and leaves the test running when left', async () => {
    const run = '6f1d3c7a-2b9e-4c1a-9d2e-0a1b2c3d4e5f';
    saveCurrentRun(newRun(device.IMEI, run));
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl(`devicetests/runs/${run}/verdicts`), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const { router } = await liveWithItems();
    const vin = screen.getByRole('article', { name: 'VIN' });
    within(vin).getByText('Awaiting confirmation');
    within(screen.getByRole('article', { name: 'Connection' })).getByText('OK');
    within(screen.getByRole('article', { name: 'IO1' })).getByText('Pending');
    expect(within(screen.getByRole('article', { name: 'IO1' })).queryByRole('button')).toBeNull();

    fireEvent.click(within(vin).getByRole('button', { name: 'Incorrect' }));
    // Shown at once, kept on the phone, sent through the outbox bound to the value judged.
    await within(vin).findByText('Failed');
    await waitFor(() => {
      expect(sent).toEqual([
        {
          Item: 'vin',
          Value: 'VIN value',
          State: 3,
          Note: null,
          MadeAt: expect.any(String) as string,
        },
      ]);
    });
    expect(readCurrentRun(device.IMEI)?.verdicts).toEqual([
      { key: 'vin', value: 'VIN value', state: 3 },
    ]);

    // Leaving the page leaves the test running: only Stop test ends it.
    await router.navigate({ to: '/devicetest' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(log.seen.filter((r) => r.includes('setinactive'))).toEqual([]);
  });

  it('adds live raw messages on top and ends with the result, announced and in view', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { router } = await liveWithItems();
    // The live region is there, empty, before the result: so screen readers announce it.
    const announcer = screen.getAllByRole('status').find((s) => s.textContent === '');
    expect(announcer).toBeDefined();
    const fresh = { Id: 41, TimeStampServer: '2026-11-23T10:00:05.000Z', Message: '{"VIN":"X"}' };
    hub.send(SERVER.receiveRawMessage, fresh);
    const list = screen.getByRole('list', { name: 'Raw messages' });
    // Long polling under a loaded machine: more than waitFor's default second.
    await waitFor(
      () => {
        expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('{"VIN":"X"}');
      },
      { timeout: 3000 },
    );
    hub.send(SERVER.receiveTestProgress, {
      IMEI: device.IMEI,
      Items: items.map((i) => ({ ...i, state: 1 })),
      Finished: true,
      TestResult: 'TEST OK',
      ResultId: 5,
    });
    await screen.findByText('TEST OK', undefined, { timeout: 3000 });
    // The status, the announcement and the scroll follow the result's render (effects).
    await waitFor(
      () => {
        screen.getByRole('status', { name: 'Connection: Test finished' });
        expect(announcer?.textContent).toBe('Test finished: TEST OK');
        const banner = screen.getByRole('region', { name: 'Test result' });
        expect(scrolled.mock.contexts).toContain(banner);
      },
      { timeout: 3000 },
    );
    scrolled.mockRestore();
    // The raw messages scroll on their own: keyboard users reach them (axe: scrollable-region-focusable).
    expect(screen.getByRole('region', { name: 'Raw messages, newest first' }).tabIndex).toBe(0);

    // Leaving a finished test does not stop it again.
    await router.navigate({ to: '/devicetests' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(log.seen.filter((r) => r.includes('setinactive'))).toEqual([]);
  });
});
