import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { customers } from '../db/schema';
import { notFound } from '../http/errors';
import type { Caller } from './tokens';

/** The customers a caller may see: all (admins) or a fixed list. */
export type CustomerScope = { all: true } | { all: false; customerIds: number[] };

/** Admins see all; a reseller its own customer and its sub-customers; others their customer. */
export async function resolveScope(db: DbOrTx, caller: Caller): Promise<CustomerScope> {
  if (caller.role === 'Admin') return { all: true };
  if (!caller.isReseller) return { all: false, customerIds: [caller.customerId] };
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(or(eq(customers.id, caller.customerId), eq(customers.resellerId, caller.customerId)));
  return { all: false, customerIds: rows.map((r) => r.id) };
}

/** A where-condition restricting `column` to the scope; undefined means no restriction. */
export function scopeFilter(scope: CustomerScope, column: PgColumn): SQL | undefined {
  if (scope.all) return undefined;
  return inArray(column, scope.customerIds);
}

export function canSee(scope: CustomerScope, customerId: number | null | undefined): boolean {
  if (scope.all) return true;
  return customerId != null && scope.customerIds.includes(customerId);
}

/** Another tenant's object answers 404, exactly like a missing one. */
export function assertVisible(
  scope: CustomerScope,
  customerId: number | null | undefined,
  what = 'Not found',
): void {
  if (!canSee(scope, customerId)) throw notFound(what);
}
