import type { ReactNode } from 'react';
import type { Auth } from '@shared/access/auth';
import type { Endpoint } from '@shared/forwards/endpoints';
import { saveSession } from '@app/lib/session';
import { authFixture, customerFixture, loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';

export const endpointFixture = (more: Partial<Endpoint> = {}): Endpoint => ({
  Id: '5f0c1b7e-3d2a-4c11-9a53-0000000000a1',
  CustomerId: 3,
  Customer: 'Atlas Freight',
  Name: 'Atlas Freight TCP',
  URL: 'tcp://198.51.100.20:5001',
  Protocol: 3,
  Devices: 2,
  ...more,
});

export const SHARED = endpointFixture({
  Id: '5f0c1b7e-3d2a-4c11-9a53-000000000001',
  CustomerId: null,
  Customer: null,
  Name: 'Fleet Portal ingest',
  URL: 'https://ingest.example.com/api/messages',
  Protocol: 1,
  Devices: 40,
});
export const OWN = endpointFixture();

export const customers = [
  customerFixture(3, 'Atlas Freight'),
  customerFixture(5, 'Vega Logistics'),
];

export const logins = {
  admin: authFixture({ Role: 'Admin', CustomerId: 1, IsReseller: true }),
  user: authFixture({ Role: 'User', CustomerId: 3, IsReseller: false }),
  viewer: authFixture({ Role: 'Viewer', CustomerId: 3, IsReseller: false }),
} satisfies Record<string, Auth>;

/** Signs in as one of the logins and renders `ui` in a query client and router. */
export function renderAs(login: keyof typeof logins, ui: ReactNode) {
  saveSession(loginFixture(logins[login]));
  return renderRoute(() => ui);
}
