import type { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import type { CustomTestData } from '@shared/libraries/custom-test-data';
import type { Auth } from '@shared/access/auth';
import type { ListSearch } from '@app/components/list';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl } from '@app/test/api-server';
import { authFixture, customerFixture, loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { CustomTestDataPage } from '@app/features/custom-test-data/components/CustomTestDataPage';
import type { CustomTestDataFilter } from '@app/features/custom-test-data/model/custom-test-data-list-url';

export const ADMIN = authFixture({ Id: 1, Role: 'Admin', CustomerId: 1, Email: 'admin@demo.test' });
export const USER = authFixture();
export const VIEWER = authFixture({ Id: 8, Role: 'Viewer', Email: 'viewer@demo.test' });

export const testFile = (
  Id: number,
  Customer: string,
  FileName: string,
  more: Partial<CustomTestData> = {},
): CustomTestData => ({
  Id,
  CustomerId: Id * 10,
  Customer,
  FileName,
  Size: 1200,
  Sha256: 'ab'.repeat(32),
  Created: '2026-03-14T09:05:00.000Z',
  ...more,
});

/** By customer, then file name, as `GET customtestdata/` answers. */
export const FILES: CustomTestData[] = [
  testFile(1, 'Atlas Freight', 'atlas-can-trace.csv', { CustomerId: 3 }),
  testFile(2, 'Atlas Freight', 'checklist.txt', { CustomerId: 3 }),
  testFile(3, 'Hansen Transport', 'hansen-route.pdf', { CustomerId: 4 }),
];

export const CUSTOMERS = [
  customerFixture(3, 'Atlas Freight'),
  customerFixture(4, 'Hansen Transport'),
];

/** The page with the search in state, the way the route keeps it in the URL. */
function Page() {
  const [search, setSearch] = useState<ListSearch<CustomTestDataFilter>>({
    filter: 'Customer',
    text: '',
    customerId: null,
  });
  return <CustomTestDataPage search={search} onSearchChange={setSearch} />;
}

/** Signs `auth` in and shows /CustomTestDataPage over `list`; counts the list's calls. */
export function showTestData(server: ReturnType<typeof setupServer>, auth: Auth, list = FILES) {
  const calls = { list: 0 };
  server.use(
    http.get(apiUrl('customtestdata/'), () => {
      calls.list++;
      return HttpResponse.json(list);
    }),
    http.get(apiUrl('customers/'), () => HttpResponse.json(CUSTOMERS)),
  );
  saveSession(loginFixture(auth));
  return { ...renderRoute(() => <Page />, { client: createQueryClient() }), calls };
}
