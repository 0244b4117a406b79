import { eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { assertVisible, scopeFilter, type CustomerScope } from '@server/auth/tenancy';

/**
 * Lookups owned by no customer (configuration groups, profiles, endpoints, forwards of the
 * provider) are shared with everyone; the rest follow the caller's scope.
 */
export function sharedOrInScope(scope: CustomerScope, column: PgColumn): SQL | undefined {
  const scoped = scopeFilter(scope, column);
  return scoped && or(isNull(column), scoped);
}

/** `…/customer/{id}` lists: the shared entries plus that customer's, for a visible customer. */
export function sharedOrOfCustomer(
  scope: CustomerScope,
  column: PgColumn,
  customerId: number,
): SQL | undefined {
  assertVisible(scope, customerId, 'Customer not found');
  return or(isNull(column), eq(column, customerId));
}
