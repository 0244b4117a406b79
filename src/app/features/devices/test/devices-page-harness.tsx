import type { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import type { DeviceSearchFilter } from '@shared/devices/devices';
import type { ListSearch } from '@app/components/list';
import { createQueryClient } from '@app/lib/query-client';
import { apiUrl } from '@app/test/api-server';
import { customerFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { DevicesPage } from '@app/features/devices/components/DevicesPage';

export { deviceFixture } from './device-fixture';
export { apiUrl };

export const customers = [
  customerFixture(3, 'Hansen Transport', { Start: null }),
  customerFixture(4, 'Vega Logistics', { Start: null }),
];

/** Lookups every render of the page asks for; list handlers come per test. */
export const lookupHandlers = [
  http.get(apiUrl('customers/'), () => HttpResponse.json(customers)),
  http.get(apiUrl('configurationgroups/customer/:id'), ({ params }) =>
    HttpResponse.json([
      { Id: 1, Name: 'Default', CustomerId: null, Version: 1 },
      {
        Id: Number(params.id) * 10,
        Name: `Own ${String(params.id)}`,
        CustomerId: Number(params.id),
        Version: 1,
      },
    ]),
  ),
];

/**
 * Every request's path and query, in order (`devices/search/IMEI/358`), to assert which list call
 * the page made.
 */
export function requestLog() {
  const seen: string[] = [];
  return {
    seen,
    record(request: Request) {
      const url = new URL(request.url);
      seen.push(`${request.method} ${url.pathname.replace('/api/', '')}${url.search}`);
    },
  };
}

/**
 * The page inside a memory router (its IMEI links need one) with the search kept in state the
 * way the route keeps it in the URL.
 */
export function renderDevicesPage(
  initial: ListSearch<DeviceSearchFilter> = { filter: 'IMEI', text: '', customerId: null },
  client: QueryClient = createQueryClient(),
) {
  function Page() {
    const [search, setSearch] = useState(initial);
    return <DevicesPage search={search} onSearchChange={setSearch} />;
  }
  return renderRoute(Page, { links: ['/device/$id'], client });
}

export { giveElementsASize } from '@app/components/list/test/layout';
