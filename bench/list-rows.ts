/** The synthetic rows of the list benchmark (bench/lists.ts), as the API answers them. */
import { deviceFixture } from '../src/app/features/devices/test/device-fixture';

const iso = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/** A device as `devices/chunk/` answers it, with some variety between rows. */
export const deviceRow = (i: number) =>
  deviceFixture(i + 1, {
    ConfigurationGroup: i % 3 === 0 ? null : `Group ${String(i % 40)}`,
    ConfigurationGroupId: i % 3 === 0 ? null : i % 40,
    InSync: i % 7 !== 0,
    LastMsg: iso(i),
    Customer: `Customer ${String(i % 250)}`,
    CustomerId: (i % 250) + 1,
  });

/** A customer as `customers/` answers it (src/shared/customers/customers.ts). */
export const customerRow = (i: number) => ({
  Id: i + 1,
  Name: `Customer ${String(i).padStart(4, '0')}`,
  Country: ['NL', 'DE', 'DK', 'SE', 'BE'][i % 5],
  IsReseller: i % 50 === 0,
  Reseller: i % 50 === 0 ? null : Math.floor(i / 50) * 50 + 1,
  ResellerName:
    i % 50 === 0 ? null : `Customer ${String(Math.floor(i / 50) * 50).padStart(4, '0')}`,
  Email: `fleet${String(i)}@example.test`,
  Features: i % 4 === 0 ? ['Tacho Download'] : [],
  FeatureIds: i % 4 === 0 ? [1] : [],
  RTDInterval: 15,
  RTDIntegration: false,
  RTDIntegrationId: null,
  Integration: null,
  RTDIntCustId: null,
  Start: '2024-01-01',
});
