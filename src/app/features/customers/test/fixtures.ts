import type { Auth } from '@shared/access/auth';
import type { Customer } from '@shared/customers/customers';
import type { Feature } from '@shared/access/features';
import { authFixture, customerFixture } from '@app/test/fixtures';

/** The demo tree: the provider, a reseller with two customers, and a customer of its own. */
export const demoCustomers: Customer[] = [
  customerFixture(1, 'Fleet Portal Provider', { IsReseller: true }),
  customerFixture(2, 'NordTrack Resellers', {
    IsReseller: true,
    Reseller: 1,
    ResellerName: 'Fleet Portal Provider',
    Country: 'DK',
  }),
  customerFixture(3, 'Atlas Freight', {
    Features: ['Tacho Download'],
    FeatureIds: [1],
    RTDIntegration: true,
    RTDIntegrationId: 1,
    Integration: 'TachoWeb',
    RTDIntCustId: 'ATL-1',
  }),
  customerFixture(4, 'Hansen Transport', {
    Reseller: 2,
    ResellerName: 'NordTrack Resellers',
    Country: 'DE',
  }),
];

export const features: Feature[] = [
  { Id: 1, Name: 'Tacho Download', UsedBy: 1 },
  { Id: 2, Name: 'Fuel Reports', UsedBy: 0 },
];

/** The four demo logins (README), as their sessions' Auth. */
export const demoAuth = {
  admin: authFixture({
    Id: 1,
    Email: 'admin@demo.test',
    Role: 'Admin',
    CustomerId: 1,
    Customer: 'Fleet Portal Provider',
    IsReseller: true,
  }),
  reseller: authFixture({
    Id: 2,
    Email: 'reseller@demo.test',
    Role: 'User',
    CustomerId: 2,
    Customer: 'NordTrack Resellers',
    IsReseller: true,
  }),
  user: authFixture({
    Id: 3,
    Email: 'user@demo.test',
    Role: 'User',
    CustomerId: 3,
    Features: ['Tacho Download'],
  }),
  viewer: authFixture({ Id: 4, Email: 'viewer@demo.test', Role: 'Viewer', CustomerId: 3 }),
} satisfies Record<string, Auth>;
export type DemoLogin = keyof typeof demoAuth;
