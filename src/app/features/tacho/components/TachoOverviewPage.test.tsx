import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '@shared/access/auth';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize } from '@app/components/list/test/layout';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import {
  daysAgo,
  fileRow,
  latestRow,
  listHandlers,
  TACHO_RESELLER,
  TACHO_USER,
  unknownPeriod,
} from '@app/features/tacho/test/tacho-fixtures';
import { DriverOverviewPage, ObjectOverviewPage } from './TachoOverviewPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
let restoreSize: () => void;
beforeEach(() => {
  restoreSize = giveElementsASize();
});
afterEach(() => {
  cleanup();
  restoreSize();
  vi.clearAllMocks();
});

const ROWS = [
  latestRow(1, { LicensePlate: 'OVER-1', TimeStampTo: daysAgo(100.5) }),
  latestRow(2, { LicensePlate: 'FINE-2', TimeStampTo: daysAgo(9.5) }),
  latestRow(3, { LicensePlate: 'UNKN-3', ...unknownPeriod }),
];

type ObjectFilter = 'LicensePlate' | 'CardNumber' | 'IMEI';

function showObjects(auth: Auth, filter: ObjectFilter = 'LicensePlate') {
  server.use(...listHandlers('rtddata/latest', ROWS));
  saveSession(loginFixture(auth));
  return renderRoute(
    () => {
      const [search, setSearch] = useState<ListSearch<ObjectFilter>>({
        filter,
        text: '',
        customerId: null,
      });
      return <ObjectOverviewPage search={search} onSearchChange={setSearch} />;
    },
    { client: createQueryClient() },
  );
}

const cellOf = (row: HTMLElement, header: string) => {
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  const cells = within(row).getAllByRole('cell');
  // The first cell is the checkbox's.
  return cells[headers.indexOf(header)];
};

describe('Object Overview (spec 03 §2, §4)', () => {
  it('shows days left (negative in red, Unknown) and the next RDL date', async () => {
    showObjects(TACHO_USER);
    expect(await screen.findByRole('heading', { name: 'Object Overview', level: 1 })).toBeTruthy();
    const overdue = await screen.findByRole('row', { name: /OVER-1/ });
    const days = cellOf(overdue, 'Days left');
    expect(days?.textContent).toBe('-10');
    expect(days?.querySelector('[data-overdue]')?.className).toContain('text-rose-700');
    const fine = screen.getByRole('row', { name: /FINE-2/ });
    expect(cellOf(fine, 'Days left')?.textContent).toBe('80');
    expect(cellOf(fine, 'Days left')?.querySelector('[data-overdue]')).toBeNull();
    const unknown = screen.getByRole('row', { name: /UNKN-3/ });
    expect(cellOf(unknown, 'Days left')?.textContent).toBe('Unknown');
    expect(cellOf(unknown, 'Next RDL')?.textContent).toBe('Unknown');
    expect(cellOf(fine, 'Next RDL')?.textContent).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  });

  it('gives a user neither the IMEI filter nor the IMEI and Customer columns', async () => {
    showObjects(TACHO_USER);
    const select = await screen.findByRole('combobox', { name: 'Search by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['LicensePlate', 'CardNumber']);
    await screen.findByRole('row', { name: /OVER-1/ });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).not.toContain('IMEI');
    expect(headers).not.toContain('Customer');
  });

  it('gives a reseller the IMEI filter, the IMEI and Customer columns', async () => {
    showObjects(TACHO_RESELLER);
    const select = await screen.findByRole('combobox', { name: 'Search by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['LicensePlate', 'CardNumber', 'IMEI']);
    await screen.findByRole('row', { name: /OVER-1/ });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('IMEI');
    expect(headers[1]).toBe('Customer');
  });

  it('falls back to the first filter when a user’s URL names IMEI', async () => {
    showObjects(TACHO_USER, 'IMEI');
    const select = await screen.findByRole('combobox', { name: 'Search by' });
    expect((select as HTMLSelectElement).value).toBe('LicensePlate');
  });

  it('lists the ticked vehicles’ files of the last 3 months in the side panel', async () => {
    const asked: URL[] = [];
    server.use(
      http.get(apiUrl('tachoobject/:plates'), ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json([
          fileRow(40, { LicensePlate: 'OVER-1', FileName: 'OVER-1_a.DDD' }),
          fileRow(41, { LicensePlate: 'FINE-2', FileName: 'FINE-2_b.DDD' }),
        ]);
      }),
    );
    showObjects(TACHO_USER);
    const panel = await screen.findByRole('complementary');
    expect(within(panel).getByText('No vehicles selected')).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select OVER-1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select FINE-2' }));
    await within(panel).findByRole('button', { name: 'Download FINE-2_b.DDD' });
    expect(within(panel).getByRole('heading', { name: 'Files of 2 vehicles' })).toBeTruthy();
    const last = asked.at(-1);
    expect(decodeURIComponent(last?.pathname ?? '')).toBe('/api/tachoobject/OVER-1,FINE-2');
    const from = new Date(last?.searchParams.get('from') ?? '');
    const to = new Date(last?.searchParams.get('to') ?? '');
    const expectedFrom = new Date();
    expectedFrom.setMonth(expectedFrom.getMonth() - 3);
    expectedFrom.setHours(0, 0, 0, 0);
    expect(from.getTime()).toBe(expectedFrom.getTime());
    expect(to.getDate()).toBe(new Date().getDate());
    expect(to.getHours()).toBe(23);

    // A new start date asks again with it.
    fireEvent.change(within(panel).getByLabelText('Start date'), {
      target: { value: '01-01-2024' },
    });
    await waitFor(() => {
      expect(asked.at(-1)?.searchParams.get('from')).toBe(new Date(2024, 0, 1).toISOString());
    });
  });
});

describe('Driver Overview', () => {
  it('offers Name and CardNumber, and asks tachodriver/{names} for the last month', async () => {
    const asked: URL[] = [];
    server.use(
      ...listHandlers('rtddata/latest', [
        latestRow(7, { Name: 'Eva Berg', TimeStampTo: daysAgo(40.5) }),
      ]),
      http.get(apiUrl('tachodriver/:names'), ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json([]);
      }),
    );
    saveSession(loginFixture(TACHO_RESELLER));
    renderRoute(
      () => {
        const [search, setSearch] = useState<ListSearch<'Name' | 'CardNumber'>>({
          filter: 'Name',
          text: '',
          customerId: null,
        });
        return <DriverOverviewPage search={search} onSearchChange={setSearch} />;
      },
      { client: createQueryClient() },
    );
    const select = await screen.findByRole('combobox', { name: 'Search by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Name', 'CardNumber']);
    const row = await screen.findByRole('row', { name: /Eva Berg/ });
    expect(cellOf(row, 'Days left')?.textContent).toBe('-10');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('IMEI');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Eva Berg' }));
    await screen.findByText('No files found');
    const last = asked.at(-1);
    expect(decodeURIComponent(last?.pathname ?? '')).toBe('/api/tachodriver/Eva Berg');
    const expectedFrom = new Date();
    expectedFrom.setMonth(expectedFrom.getMonth() - 1);
    expectedFrom.setHours(0, 0, 0, 0);
    expect(new Date(last?.searchParams.get('from') ?? '').getTime()).toBe(expectedFrom.getTime());
  });
});
