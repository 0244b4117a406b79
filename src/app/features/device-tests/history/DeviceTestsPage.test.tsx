import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_TEST_PAGE_SIZE, type DeviceTestResult } from '../../../../shared/device-tests';
import { saveSession } from '../../../lib/session';
import { loginFixture } from '../../../test/fixtures';
import { setupMockApi } from '../../device-detail/test/msw';
import { apiUrl, requestLog } from '../../devices/test/devices-page-harness';
import { resultFixture } from '../test/fixtures';
import { renderPage } from '../test/render';
import { DeviceTestsPage } from './DeviceTestsPage';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const server = setupMockApi();
let log: ReturnType<typeof requestLog>;
beforeEach(() => {
  saveSession(loginFixture({ Role: 'Admin' }));
  log = requestLog();
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    log.record(request);
  });
});

const results = [
  resultFixture(3, { CustomerName: 'Vega Logistics', TestResult: 'FAILED', ValidVIN: false }),
  resultFixture(2, { UserEmail: 'anna@demo.test' }),
  resultFixture(1),
];

const answer = (pages: Record<string, DeviceTestResult[]>) => {
  server.use(
    http.get(apiUrl('devicetests'), ({ request }) =>
      HttpResponse.json(pages[new URL(request.url).searchParams.get('after') ?? 'first'] ?? []),
    ),
  );
};
const rows = () => screen.getAllByRole('rowgroup');
const search = (text: string) => {
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: text } });
};

describe('Device Tests Overview (spec 03 §2)', () => {
  it('lists the tests and searches them', async () => {
    answer({ first: results });
    renderPage(DeviceTestsPage);
    await screen.findByText('Vega Logistics');
    expect(rows()).toHaveLength(3);

    search('vega');
    await waitFor(() => {
      expect(rows()).toHaveLength(1);
    });
    within(rows()[0] as HTMLElement).getByText('FAILED');
    screen.getByText('1 of 3 tests');

    search('anna@');
    await waitFor(() => {
      expect(within(rows()[0] as HTMLElement).queryByText('anna@demo.test')).not.toBeNull();
    });
    expect(rows()).toHaveLength(1);

    search('nobody');
    await screen.findByText('No device tests found');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => {
      expect(rows()).toHaveLength(3);
    });
  });

  it('expands a row to every result field, flags as ok / not ok', async () => {
    answer({ first: results });
    renderPage(DeviceTestsPage);
    const toggle = await screen.findByRole('button', {
      name: `Show details of the test of ${results[0]?.IMEI ?? ''}`,
    });
    fireEvent.click(toggle);
    const details = document.getElementById('test-3') as HTMLElement;
    expect(within(details).getAllByText('ok')).toHaveLength(7);
    expect(within(details).getAllByText('not ok')).toHaveLength(1);
    for (const text of [
      '52.370216',
      '4.895168',
      '9',
      '412345',
      'YV2RT40A8KB123456',
      '01A2B3C4D5E6F700',
    ]) {
      within(details).getByText(text);
    }
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it("says 'No device tests found' when there are none", async () => {
    answer({ first: [] });
    renderPage(DeviceTestsPage);
    await screen.findByText('No device tests found');
    screen.getByText('Tests appear here once an installation test has finished.');
  });

  it('searches every stored page, not only the first', async () => {
    const full = Array.from({ length: DEVICE_TEST_PAGE_SIZE }, (_, i) => resultFixture(1000 - i));
    const last = full.at(-1)?.Id ?? 0;
    answer({ first: full, [String(last)]: [resultFixture(7, { CustomerName: 'Old Customer' })] });
    renderPage(DeviceTestsPage);
    await screen.findAllByRole('rowgroup');
    search('old customer');
    await screen.findByText('Old Customer');
    expect(log.seen).toContain(`GET devicetests?after=${String(last)}`);
  });

  it('offers Retry when the list cannot be loaded', async () => {
    server.use(http.get(apiUrl('devicetests'), () => new HttpResponse(null, { status: 500 })));
    renderPage(DeviceTestsPage);
    await screen.findByText('The device tests could not be loaded');
    answer({ first: results });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Vega Logistics');
  });
});
