import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_TEST_PAGE_SIZE, type DeviceTestResult } from '@shared/devices/device-tests';
import { useListSearchState } from '@app/components/list';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import {
  apiUrl,
  giveElementsASize,
  requestLog,
} from '@app/features/devices/test/devices-page-harness';
import { resultFixture } from '@app/features/device-tests/test/fixtures';
import { renderPage } from '@app/features/device-tests/test/render';
import { DeviceTestsPage } from './DeviceTestsPage';
import type { HistoryFilter } from './history-url';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = setupMockApi();
let log: ReturnType<typeof requestLog>;
let restoreSize: () => void;
beforeEach(() => {
  restoreSize = giveElementsASize();
  saveSession(loginFixture({ Role: 'Admin' }));
  log = requestLog();
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    log.record(request);
  });
});

afterEach(() => {
  restoreSize();
});

/** The page with its search in state, as the route keeps it in the URL. */
function HistoryPage() {
  return <DeviceTestsPage {...useListSearchState<HistoryFilter>('Any')} />;
}

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
/** A result is a row group of the table (its row, and its details once opened). */
const rows = () => screen.getAllByRole('rowgroup').filter((group) => group.tagName === 'TBODY');
const search = (text: string) => {
  fireEvent.change(screen.getByLabelText('Search text'), { target: { value: text } });
};
/** The result count line, by its whole text. */
const countLine = (text: string) =>
  screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === text);

describe('Device Tests Overview (spec 03 §2)', () => {
  it('lists the tests and searches them', async () => {
    answer({ first: results });
    renderPage(HistoryPage);
    await screen.findByText('Vega Logistics');
    expect(rows()).toHaveLength(3);

    search('vega');
    await waitFor(() => {
      expect(rows()).toHaveLength(1);
    });
    within(rows()[0] as HTMLElement).getByText('FAILED');
    countLine('1 of 3 device tests');

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
    renderPage(HistoryPage);
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
    renderPage(HistoryPage);
    await screen.findByText('No device tests found');
    screen.getByText('Tests appear here once an installation test has finished.');
  });

  it('searches every stored page, not only the first', async () => {
    const full = Array.from({ length: DEVICE_TEST_PAGE_SIZE }, (_, i) => resultFixture(1000 - i));
    const last = full.at(-1)?.Id ?? 0;
    answer({ first: full, [String(last)]: [resultFixture(7, { CustomerName: 'Old Customer' })] });
    renderPage(HistoryPage);
    await screen.findAllByRole('rowgroup');
    search('old customer');
    await screen.findByText('Old Customer');
    expect(log.seen).toContain(`GET devicetests?after=${String(last)}`);
    // A whole page of 500 results: more than the default 5 s on a busy machine.
  }, 15_000);

  it('offers Retry when the list cannot be loaded', async () => {
    server.use(http.get(apiUrl('devicetests'), () => new HttpResponse(null, { status: 500 })));
    renderPage(HistoryPage);
    await screen.findByText('The device tests could not be loaded');
    answer({ first: results });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Vega Logistics');
  });
});
