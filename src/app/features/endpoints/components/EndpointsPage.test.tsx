import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint, EndpointSearchFilter } from '@shared/forwards/endpoints';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize } from '@app/components/list/test/layout';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { customers, OWN, renderAs, SHARED } from '@app/features/endpoints/test/fixtures';
import { EndpointsPage } from './EndpointsPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
let restoreSize: () => void;
beforeEach(() => {
  restoreSize = giveElementsASize();
  server.use(http.get(apiUrl('customers/'), () => HttpResponse.json(customers)));
});
afterEach(() => {
  cleanup();
  restoreSize();
});

function Page() {
  const [search, setSearch] = useState<ListSearch<EndpointSearchFilter>>({
    filter: 'Name',
    text: '',
    customerId: null,
  });
  return <EndpointsPage search={search} onSearchChange={setSearch} />;
}

function showEndpoints(login: 'admin' | 'user' | 'viewer', endpoints: Endpoint[] = [SHARED, OWN]) {
  server.use(
    http.get(apiUrl('endpoints/chunk/'), () => HttpResponse.json(endpoints)),
    http.get(apiUrl('endpoints/all/'), () => HttpResponse.json(endpoints.length)),
  );
  return renderAs(login, <Page />);
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the endpoints list (spec 02 "Endpoints page")', () => {
  it('shows Customer, Name, URL, Protocol and Devices; a shared endpoint says so', async () => {
    showEndpoints('admin');
    expect(await screen.findByRole('heading', { name: 'Endpoints' })).toBeTruthy();
    const own = await screen.findByRole('row', { name: /Atlas Freight TCP/ });
    expect(cellsOf(own).slice(0, 5)).toEqual([
      'Atlas Freight',
      'Atlas Freight TCP',
      'tcp://198.51.100.20:5001',
      'TCP',
      '2',
    ]);
    const shared = screen.getByRole('row', { name: /Fleet Portal ingest/ });
    expect(cellsOf(shared).slice(0, 4)).toEqual([
      'Shared (every customer)',
      'Fleet Portal ingest',
      'https://ingest.example.com/api/messages',
      'HTTP',
    ]);
    expect(screen.getByRole('button', { name: 'New Endpoint' })).toBeTruthy();
    // Admins change shared endpoints too.
    expect(within(shared).getByRole('button', { name: 'Edit Fleet Portal ingest' })).toBeTruthy();
  });

  it("says 'No endpoints found' when there are none", async () => {
    showEndpoints('user', []);
    expect(await screen.findByText('No endpoints found')).toBeTruthy();
  });

  it('gives Viewers no buttons, and users none on shared endpoints', async () => {
    showEndpoints('viewer');
    await screen.findByRole('row', { name: /Atlas Freight TCP/ });
    expect(screen.queryByRole('button', { name: 'New Endpoint' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
    cleanup();

    showEndpoints('user');
    const own = await screen.findByRole('row', { name: /Atlas Freight TCP/ });
    expect(within(own).getByRole('button', { name: 'Delete Atlas Freight TCP' })).toBeTruthy();
    const shared = screen.getByRole('row', { name: /Fleet Portal ingest/ });
    expect(within(shared).queryByRole('button')).toBeNull();
  });

  it('removes an endpoint after confirmation and refreshes the list', async () => {
    let removed = '';
    let left = [SHARED, OWN];
    server.use(
      http.delete(apiUrl('endpoints/:id'), ({ params }) => {
        removed = String(params.id);
        left = [SHARED];
        return HttpResponse.json(OWN);
      }),
    );
    showEndpoints('user');
    server.use(http.get(apiUrl('endpoints/chunk/'), () => HttpResponse.json(left)));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Atlas Freight TCP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('Are you sure you want to remove this endpoint?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Endpoint Atlas Freight TCP deleted');
    });
    expect(removed).toBe(OWN.Id);
    await waitFor(() => {
      expect(screen.queryByRole('row', { name: /Atlas Freight TCP/ })).toBeNull();
    });
  });

  it('toasts the refusal of an endpoint in use and keeps it', async () => {
    const message = 'This endpoint is used by 2 devices and 0 settings profiles';
    server.use(
      http.delete(apiUrl('endpoints/:id'), () =>
        HttpResponse.json({ errors: { Id: message } }, { status: 400 }),
      ),
    );
    showEndpoints('user');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Atlas Freight TCP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledWith(`API call failed. ${message}`, {
        id: `API call failed. ${message}`,
      });
    });
    expect(screen.getByRole('row', { name: /Atlas Freight TCP/ })).toBeTruthy();
  });
});
