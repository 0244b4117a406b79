import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import type { Customer } from '../../../../shared/customers';
import type { Device } from '../../../../shared/devices';
import { createQueryClient } from '../../../lib/query-client';
import { DevicesPage } from '../components/DevicesPage';
import type { DeviceListSearch } from '../search-rules';

export const apiUrl = (path: string) => new URL(`/api/${path}`, window.location.origin).toString();

export function deviceFixture(id: number, overrides: Partial<Device> = {}): Device {
  return {
    Id: id,
    IMEI: `3585281100${String(id).padStart(5, '0')}`,
    SN: `SN${100000 + id}`,
    Hardware: 'HW 4.2',
    DeviceType: 4,
    DeviceName: 'QAN-ALL 4G',
    Firmware: '4.02.01',
    Protocol: 'IVECSW0006',
    ProtocolName: 'S-Way',
    ProtocolBrand: 'Iveco',
    ProtocolCode: 'IVECSW0006',
    ConfigurationGroup: 'Default',
    ConfigurationGroupId: 1,
    ICCID: '8931203936458983994',
    APN: 'em',
    InSync: true,
    LastMsg: '2026-11-22T06:11:03.774Z',
    LastDownload: null,
    RTDInterval: 15,
    Note: null,
    Name: null,
    Customer: 'Hansen Transport',
    CustomerId: 3,
    BooterVersion: null,
    CAN1Version: null,
    CAN2Version: null,
    ...overrides,
  };
}

export const customerFixture = (Id: number, Name: string): Customer => ({
  Id,
  Name,
  Country: 'NL',
  IsReseller: false,
  Reseller: null,
  Email: null,
  Features: [],
  RTDInterval: 15,
  RTDIntegration: false,
  RTDIntegrationId: null,
  RTDIntCustId: null,
  Start: null,
});

export const customers = [
  customerFixture(3, 'Hansen Transport'),
  customerFixture(4, 'Vega Logistics'),
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
  initial: DeviceListSearch = { filter: 'IMEI', text: '', customerId: null },
  client: QueryClient = createQueryClient(),
) {
  function Page() {
    const [search, setSearch] = useState(initial);
    return <DevicesPage search={search} onSearchChange={setSearch} />;
  }
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: Page }),
      createRoute({
        getParentRoute: () => root,
        path: '/device/$id',
        component: () => <p>Device detail</p>,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

/** happy-dom lays nothing out: give scroll boxes a height so the virtualizer renders rows. */
export function giveElementsASize(height = 800, width = 1280): () => void {
  const proto = HTMLElement.prototype;
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => width });
  return () => {
    Reflect.deleteProperty(proto, 'clientHeight');
    Reflect.deleteProperty(proto, 'clientWidth');
  };
}
