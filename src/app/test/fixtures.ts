import type { Auth, LoginResponse } from '@shared/access/auth';
import type { Customer } from '@shared/customers/customers';

/** A signed-in user for tests; `Expires` is seconds since the epoch, like the API's. */
export function authFixture(overrides: Partial<Auth> = {}): Auth {
  return {
    Id: 7,
    Email: 'user@demo.test',
    Customer: 'Atlas Freight',
    CustomerId: 3,
    Role: 'User',
    IsReseller: false,
    Features: [],
    Expires: Math.floor(Date.now() / 1000) + 3600,
    ...overrides,
  };
}

export const loginFixture = (overrides: Partial<Auth> = {}): LoginResponse => ({
  AccessToken: 'token-123',
  Auth: authFixture(overrides),
});

/** A customer as `GET customers/` answers it. */
export const customerFixture = (Id: number, Name: string, more: Partial<Customer> = {}) =>
  ({
    Id,
    Name,
    Country: 'NL',
    IsReseller: false,
    Reseller: null,
    ResellerName: null,
    Email: null,
    Features: [],
    FeatureIds: [],
    RTDInterval: 15,
    RTDIntegration: false,
    RTDIntegrationId: null,
    Integration: null,
    RTDIntCustId: null,
    Start: '2025-01-01',
    TachoRequestDays: 7,
    ...more,
  }) satisfies Customer;
