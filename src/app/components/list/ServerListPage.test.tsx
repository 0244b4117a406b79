import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listPaths } from '@shared/api/list-resource';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { serverListSource } from './server-list';
import { sizeElementsInEachTest } from './test/layout';
import { ThingsPage, things, type Thing, type ThingFilter } from './test/things';
import { useListSearchState } from './use-list-search-state';
import { useServerList } from './use-server-list';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const ThingSchema = v.object({ Id: v.number(), Name: v.string(), Country: v.nullable(v.string()) });
const thingList = serverListSource({
  key: ['things'],
  paths: listPaths('things'),
  pageSize: 3,
  page: v.array(ThingSchema),
  filters: ['Name', 'Country'],
  rows: 'things',
});

function ThingsScreen() {
  const list = useServerList(thingList, useListSearchState<ThingFilter>('Name'));
  return <ThingsPage list={list} customerFilter />;
}

const server = startApiServer();
const seen: string[] = [];
sizeElementsInEachTest();
beforeEach(() => {
  saveSession(loginFixture({ Role: 'Admin' }));
  seen.length = 0;
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${url.pathname.replace('/api/', '')}${url.search}`);
  });
});
afterEach(() => {
  cleanup();
  server.events.removeAllListeners();
});

const page = (rows: Thing[]) => async () => {
  await delay(50);
  return HttpResponse.json(rows);
};
function useThings() {
  server.use(
    http.get(apiUrl('things/chunk/'), page(things)),
    http.get(apiUrl('things/chunk/3'), page([{ Id: 4, Name: 'Nordic Cargo', Country: 'SE' }])),
    http.get(apiUrl('things/all/'), () => HttpResponse.json(4)),
    http.get(apiUrl('things/customer/:id'), page([things[0] as Thing])),
    http.get(apiUrl('things/search/*'), page([things[1] as Thing])),
    http.get(apiUrl('customers/'), () =>
      HttpResponse.json([
        { Id: 4, Name: 'Vega Logistics' },
        { Id: 5, Name: 'Hansen Transport' },
      ]),
    ),
  );
}
const listCalls = () => seen.filter((s) => s.startsWith('things/') && !s.endsWith('all/'));
const renderScreen = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThingsScreen />
    </QueryClientProvider>,
  );

describe('ListPage with a server list', () => {
  it('shows the busy indicator while a call of the list runs', async () => {
    useThings();
    renderScreen();
    expect(await screen.findByRole('status', { name: 'Busy' })).toBeTruthy();
    await screen.findByRole('table');
    await waitFor(() => {
      expect(screen.queryByRole('status', { name: 'Busy' })).toBeNull();
    });
    // Three rows are near the end already: the next page (after Id 3) loaded too, and the last.
    expect(listCalls()).toEqual(['things/chunk/', 'things/chunk/3']);
    expect(
      screen.getByText((_, e) => e?.tagName === 'P' && e.textContent === '4 things'),
    ).toBeTruthy();
  });

  it('offers the customers of the shared lookup, and lists one customer', async () => {
    useThings();
    renderScreen();
    await screen.findByRole('table');
    const customer = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Customer' });
    await screen.findByRole('option', { name: 'Hansen Transport' });
    fireEvent.change(customer, { target: { value: '4' } });
    await waitFor(() => {
      expect(listCalls()).toContain('things/customer/4');
    });
  });

  it('Refresh clears the text and the customer and loads the first page again', async () => {
    useThings();
    renderScreen();
    await screen.findByRole('table');
    await screen.findByRole('option', { name: 'Vega Logistics' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Customer' }), {
      target: { value: '4' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search text' }), {
      target: { value: 'atl' },
    });
    await waitFor(
      () => {
        expect(listCalls()).toContain('things/search/Name/atl/4');
      },
      { timeout: 3000 },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search text' }).value).toBe('');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Customer' }).value).toBe('');
    await waitFor(() => {
      expect(listCalls().filter((c) => c === 'things/chunk/')).toHaveLength(2);
    });
    await waitFor(() => {
      expect(screen.getAllByRole('row')).toHaveLength(4);
    });
  });

  it('says which short text a server search ignores', async () => {
    useThings();
    renderScreen();
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search text' }), {
      target: { value: 'at' },
    });
    expect(screen.getByText('Type at least 3 characters to search.')).toBeTruthy();
  });
});
