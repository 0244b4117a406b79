import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import {
  apiUrl,
  deviceFixture,
  giveElementsASize,
  lookupHandlers,
  renderDevicesPage,
  requestLog,
} from '@app/features/devices/test/devices-page-harness';
import { fakeScan } from '@app/components/scan/test/fake-scan';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));
vi.mock('@app/components/scan', () => import('@app/components/scan/test/fake-scan'));

const server = setupServer();
let restoreSize: () => void;
let log: ReturnType<typeof requestLog>;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  restoreSize = giveElementsASize();
  log = requestLog();
  server.events.on('request:start', ({ request }) => {
    log.record(request);
  });
});
afterEach(() => {
  cleanup();
  restoreSize();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
});
afterAll(() => {
  server.close();
});

const two = [
  deviceFixture(1),
  deviceFixture(2, { Customer: 'Vega Logistics', CustomerId: 4, ProtocolBrand: null }),
];

/** The whole list (`devices/chunk/…`), its count and whatever a search or customer returns. */
function useList(devices = two, results: { search?: unknown; customer?: unknown } = {}) {
  server.use(
    ...lookupHandlers,
    http.get(apiUrl('devices/chunk/'), () => HttpResponse.json(devices)),
    http.get(apiUrl('devices/all/'), () => HttpResponse.json(devices.length)),
    http.get(apiUrl('devices/search/*'), () => HttpResponse.json(results.search ?? [devices[0]])),
    http.get(apiUrl('devices/customer/:id'), () =>
      HttpResponse.json(results.customer ?? [devices[1]]),
    ),
  );
}

/** The result count line, by its whole text. */
const countLine = (text: string) =>
  screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === text);

const listCalls = () => log.seen.filter((s) => /devices\/(chunk|search|customer)/.test(s));
const imeiLinks = () =>
  screen.queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/device/'));

describe('DevicesPage', () => {
  it('shows skeleton rows, then the spec columns, the count and device links', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    useList();
    renderDevicesPage();
    expect(await screen.findByRole('status', { name: 'Loading devices' })).toBeTruthy();

    expect(await screen.findByRole('link', { name: two[0]?.IMEI })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      '',
      'Customer',
      'IMEI',
      'SN',
      'Hardware',
      'Type',
      'FirmWare',
      'Protocol',
      'Name',
      'Conf',
      'ICCID',
      'InSync',
      'LastMsg',
      'Actions',
    ]);
    expect(screen.getByRole('link', { name: two[1]?.IMEI }).getAttribute('href')).toBe('/device/2');
    expect(screen.getByText('S-Way (Iveco)')).toBeTruthy();
    // The LastMsg format of spec 02 §9, in the browser's zone.
    expect(screen.getAllByText(/^\d{2}-\d{2}-2026 \d{2}:\d{2}$/)).toHaveLength(2);
    expect(countLine('2 devices')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Change Customer' })).toHaveLength(3);
  });

  it('searches after 800 ms from 3 characters, on the chosen filter and customer', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    useList();
    renderDevicesPage();
    await screen.findByRole('link', { name: two[0]?.IMEI });
    const field = screen.getByRole('searchbox', { name: 'Search text' });

    fireEvent.change(field, { target: { value: '35' } });
    expect(await screen.findByText('Type at least 3 characters to search.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1000));
    expect(listCalls()).toEqual(['GET devices/chunk/']);

    fireEvent.change(field, { target: { value: '358' } });
    await new Promise((r) => setTimeout(r, 500));
    expect(listCalls()).toHaveLength(1);
    await waitFor(() => {
      expect(listCalls()).toContain('GET devices/search/IMEI/358');
    });
    await waitFor(() => {
      expect(imeiLinks()).toHaveLength(1);
    });
    expect(countLine('1 device found')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Search by' }), {
      target: { value: 'SN' },
    });
    await waitFor(() => {
      expect(listCalls()).toContain('GET devices/search/SN/358');
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Customer' }), {
      target: { value: '4' },
    });
    await waitFor(() => {
      expect(listCalls()).toContain('GET devices/search/SN/358/4');
    });
  });

  it('falls back to the customer filter, and Refresh clears text and customer', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    useList();
    renderDevicesPage({ filter: 'IMEI', text: 'ab', customerId: null });
    await screen.findByRole('link', { name: two[0]?.IMEI });
    // 'ab' is below 3 characters: the whole list.
    expect(listCalls()).toEqual(['GET devices/chunk/']);

    fireEvent.change(await screen.findByRole('combobox', { name: 'Customer' }), {
      target: { value: '4' },
    });
    await waitFor(() => {
      expect(listCalls()).toContain('GET devices/customer/4');
    });
    await waitFor(() => {
      expect(imeiLinks().map((a) => a.textContent)).toEqual([two[1]?.IMEI]);
    });

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const field = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search text' });
    expect(field.value).toBe('');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Customer' }).value).toBe('');
    await waitFor(() => {
      expect(imeiLinks()).toHaveLength(2);
    });
    // Refresh reloads the whole list from its first page.
    expect(listCalls().filter((c) => c === 'GET devices/chunk/')).toHaveLength(2);
  });

  it('searches a scanned ICCID at once, by ICCID, whatever customer was chosen', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    useList();
    renderDevicesPage({ filter: 'SN', text: '', customerId: 4 });
    await screen.findByRole('link', { name: two[1]?.IMEI });
    fakeScan.next = { kind: 'iccid', value: '8931440400012345674' };
    fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await screen.findByRole('link', { name: two[0]?.IMEI });
    expect(listCalls().at(-1)).toBe('GET devices/search/ICCID/8931440400012345674');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('8931440400012345674');
  });

  it("says 'No devices found' and offers to clear the search", async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    useList(two, { search: [] });
    renderDevicesPage({ filter: 'ICCID', text: '0000', customerId: null });
    expect(await screen.findByText('No devices found')).toBeTruthy();
    expect(listCalls()).toEqual(['GET devices/search/ICCID/0000']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => {
      expect(imeiLinks()).toHaveLength(2);
    });
  });

  it('shows a failed list with a Retry that loads it', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    useList();
    let calls = 0;
    server.use(
      http.get(apiUrl('devices/chunk/'), () => {
        calls += 1;
        return calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(two);
      }),
    );
    renderDevicesPage();
    expect(await screen.findByText('The devices could not be loaded')).toBeTruthy();
    expect(screen.getByText('Network response was not ok.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: two[0]?.IMEI })).toBeTruthy();
  });

  it('loads the next page (devices/chunk/{lastId}) when scrolled near the end', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    const first = Array.from({ length: 100 }, (_, i) => deviceFixture(i + 1));
    useList(first);
    server.use(
      http.get(apiUrl('devices/chunk/100'), () => HttpResponse.json([deviceFixture(101)])),
      http.get(apiUrl('devices/all/'), () => HttpResponse.json(101)),
    );
    renderDevicesPage();
    await screen.findByRole('link', { name: first[0]?.IMEI });
    expect(countLine('101 devices · 100 loaded')).toBeTruthy();
    // Virtualised: far fewer rows in the DOM than loaded.
    expect(imeiLinks().length).toBeLessThan(50);
    expect(listCalls()).toEqual(['GET devices/chunk/']);

    const scroller = screen.getByRole('table').parentElement as HTMLElement;
    scroller.scrollTop = 44 * 80;
    fireEvent.scroll(scroller);
    await waitFor(() => {
      expect(listCalls()).toEqual(['GET devices/chunk/', 'GET devices/chunk/100']);
    });
  });

  it('gives viewers no checkboxes and no Change Customer', async () => {
    saveSession(loginFixture({ Role: 'Viewer' }));
    useList();
    renderDevicesPage();
    await screen.findByRole('link', { name: two[0]?.IMEI });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Change Customer' })).toBeNull();
    expect(screen.queryByText(/selected/)).toBeNull();
  });

  it('disables checkboxes and Change Customer for users who are not resellers', async () => {
    saveSession(loginFixture({ Role: 'User', IsReseller: false }));
    useList();
    renderDevicesPage();
    await screen.findByRole('link', { name: two[0]?.IMEI });
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes).toHaveLength(3);
    expect(boxes.every((b) => b.disabled)).toBe(true);
    const buttons = screen.getAllByRole<HTMLButtonElement>('button', { name: 'Change Customer' });
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect(screen.getByText('Only resellers can change the customer of devices.')).toBeTruthy();
  });

  it("adds Last Download for 'Tacho Download' users, coloured by age", async () => {
    saveSession(loginFixture({ Role: 'User', Features: ['Tacho Download'] }));
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    useList([
      deviceFixture(1, { LastDownload: null }),
      deviceFixture(2, { LastDownload: '1900-01-01T00:00:00.000Z' }),
      deviceFixture(3, { LastDownload: old, RTDInterval: 15 }),
      deviceFixture(4, { LastDownload: recent, RTDInterval: 15 }),
    ]);
    renderDevicesPage();
    await screen.findByRole('columnheader', { name: 'Last Download' });
    const cells = screen.getAllByRole('row').slice(1);
    const statusOf = (row: HTMLElement) =>
      row.querySelector('[data-status]')?.getAttribute('data-status');
    expect(cells.map(statusOf)).toEqual(['none', 'none', 'overdue', 'recent']);
    expect(within(cells[0] as HTMLElement).getByText('No Download').className).toContain('amber');
    expect(within(cells[2] as HTMLElement).getByTitle(/older than 15 days/).className).toContain(
      'rose',
    );
  });
});
