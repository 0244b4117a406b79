import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '@shared/access/auth';
import type { TACHO_MASS_DOWNLOAD_FILTERS } from '@shared/tacho/tacho-lists';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize } from '@app/components/list/test/layout';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import {
  fileRow,
  listHandlers,
  TACHO_RESELLER,
  TACHO_USER,
  TACHO_VIEWER,
  unknownPeriod,
} from '@app/features/tacho/test/tacho-fixtures';
import { DriverDownloadPage, MassDownloadPage } from './TachoDownloadsPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const server = startApiServer();
let restoreSize: () => void;
beforeEach(() => {
  restoreSize = giveElementsASize();
});
afterEach(() => {
  cleanup();
  restoreSize();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

type MassFilter = (typeof TACHO_MASS_DOWNLOAD_FILTERS)[number];

const ROWS = [
  fileRow(2, {
    LicensePlate: 'XY-987-Z',
    ValidState: 44,
    Request: {
      Id: 9,
      Progress: 'sent',
      Created: '2025-03-02T08:00:00.000Z',
      RequestedBy: 'user',
    },
  }),
  fileRow(1, { ...unknownPeriod, ValidState: 11 }),
];

function MassPage() {
  const [search, setSearch] = useState<ListSearch<MassFilter>>({
    filter: 'LicensePlate',
    text: '',
    customerId: null,
  });
  return <MassDownloadPage search={search} onSearchChange={setSearch} />;
}

function showMass(auth: Auth, rows = ROWS) {
  server.use(...listHandlers('rtddata', rows));
  saveSession(loginFixture(auth));
  return renderRoute(() => <MassPage />, { client: createQueryClient() });
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('Tacho MassMemory Download (spec 03 §2)', () => {
  it('shows the record’s columns, Unknown for the unknown period, ValidState icons, progress', async () => {
    showMass(TACHO_USER);
    const row = await screen.findByRole('row', { name: /XY-987-Z/ });
    expect(headers()).toEqual([
      'LicensePlate',
      'Name',
      'CardNumber',
      'IMEI',
      'VIN',
      'FileName',
      'Upload',
      'From',
      'To',
      'ValidState',
      'Request',
      'Actions',
    ]);
    expect(within(row).getByRole('img', { name: 'Not valid (ValidState 44)' })).toBeTruthy();
    expect(within(row).getByText('Sent')).toBeTruthy();
    const unknown = screen.getByRole('row', { name: /AB-123-C/ });
    expect(within(unknown).getAllByText('Unknown')).toHaveLength(2);
    expect(
      within(unknown).getByRole('img', { name: 'Interim valid (ValidState 11)' }),
    ).toBeTruthy();
  });

  it('adds the Customer column and the customer filter for resellers only', async () => {
    showMass(TACHO_RESELLER);
    await screen.findByRole('row', { name: /XY-987-Z/ });
    expect(headers()[0]).toBe('Customer');
    expect(screen.getByRole('combobox', { name: 'Customer' })).toBeTruthy();
    cleanup();
    showMass(TACHO_USER);
    await screen.findByRole('row', { name: /XY-987-Z/ });
    expect(headers()).not.toContain('Customer');
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
  });

  it('offers every spec filter', async () => {
    showMass(TACHO_VIEWER);
    const select = await screen.findByRole('combobox', { name: 'Search by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['LicensePlate', 'CardNumber', 'IMEI', 'Name', 'VIN']);
  });

  it('hides the request action from viewers, keeps the download', async () => {
    showMass(TACHO_VIEWER);
    const row = await screen.findByRole('row', { name: /XY-987-Z/ });
    expect(within(row).getByRole('button', { name: /^Download / })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Request/ })).toBeNull();
  });

  it('requests a mass download by IMEI and toasts the answer’s text', async () => {
    let posted: string | null = null;
    server.use(
      http.post(apiUrl('rtddata/requestMassDownload/:imei'), ({ params }) => {
        posted = String(params.imei);
        return HttpResponse.json('Remote download requested for vehicle XY-987-Z', { status: 201 });
      }),
    );
    showMass(TACHO_USER);
    const row = await screen.findByRole('row', { name: /XY-987-Z/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Request mass download of XY-987-Z' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Remote download requested for vehicle XY-987-Z');
    });
    expect(posted).toBe('358528110000001');
  });

  it('says a request still open in a neutral toast, not a success (issue 25)', async () => {
    const text =
      'Remote download for vehicle XY-987-Z was already requested on 02-03-2025 08:00 UTC';
    server.use(
      http.post(apiUrl('rtddata/requestMassDownload/:imei'), () => HttpResponse.json(text)),
    );
    showMass(TACHO_USER);
    const row = await screen.findByRole('row', { name: /XY-987-Z/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Request mass download of XY-987-Z' }));
    await waitFor(() => {
      expect(toast.info).toHaveBeenCalledWith(text);
    });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('saves the file under its FileName; a failure only goes to the console', async () => {
    const createObjectURL = vi.fn(() => 'blob:tacho');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    server.use(
      http.get(apiUrl('rtddata/2'), () => new HttpResponse(new Uint8Array([1, 2, 3]))),
      http.get(apiUrl('rtddata/1'), () => new HttpResponse(null, { status: 500 })),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    showMass(TACHO_USER);
    const row = await screen.findByRole('row', { name: /XY-987-Z/ });
    fireEvent.click(
      within(row).getByRole('button', { name: `Download ${ROWS[0]?.FileName ?? ''}` }),
    );
    await waitFor(() => {
      expect(clicked).toEqual([ROWS[0]?.FileName]);
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    const failing = screen.getByRole('row', { name: /AB-123-C/ });
    fireEvent.click(
      within(failing).getByRole('button', { name: `Download ${ROWS[1]?.FileName ?? ''}` }),
    );
    await waitFor(() => {
      expect(consoleError).toHaveBeenCalled();
    });
    expect(clicked).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('Tacho DriverCard Download (spec 03 §2)', () => {
  it('offers Name, CardNumber and IMEI, and requests a card download by card number', async () => {
    let posted: string | null = null;
    server.use(
      ...listHandlers('rtddata', [
        fileRow(5, { Name: 'Eva Berg', CardNumber: 'SE12345678901234' }),
      ]),
      http.post(apiUrl('rtddata/requestCardDownload/:card'), ({ params }) => {
        posted = String(params.card);
        return HttpResponse.json('Card download requested', { status: 201 });
      }),
    );
    saveSession(loginFixture(TACHO_USER));
    renderRoute(
      () => {
        const [search, setSearch] = useState<ListSearch<'Name' | 'CardNumber' | 'IMEI'>>({
          filter: 'Name',
          text: '',
          customerId: null,
        });
        return <DriverDownloadPage search={search} onSearchChange={setSearch} />;
      },
      { client: createQueryClient() },
    );
    const select = await screen.findByRole('combobox', { name: 'Search by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Name', 'CardNumber', 'IMEI']);
    const row = await screen.findByRole('row', { name: /Eva Berg/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Request card download of Eva Berg' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Card download requested');
    });
    expect(posted).toBe('SE12345678901234');
  });
});
