import { inArray, sql, type SQL } from 'drizzle-orm';
import { roleClass } from '@shared/access/permissions';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { selectRows, type DbOrTx } from '@server/db/client';
import { customers } from '@server/db/schema';
import { notFound } from '@server/errors/http-errors';
import type { Caller } from './tokens';

/** Answered for a missing customer and another tenant's alike, so ids cannot be probed. */
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** The customers a caller may see: all (admins) or a fixed list. */
export type CustomerScope = { all: true } | { all: false; customerIds: number[] };

/**
 * The customers of a reseller's tree: its own and, recursively, every customer whose main
 * reseller is in the tree (sub-resellers' customers too). `union` ends a cycle in the data.
 * Deactivated customers stay in: their devices and history remain the reseller's to see.
 */
export async function customerTree(db: DbOrTx, rootId: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`with recursive tree(id) as (
          select ${customers.id} from ${customers} where ${customers.id} = ${rootId}
          union
          select c.id from ${customers} c join tree on c.reseller_id = tree.id
        )
        select id from tree order by id`,
  );
  return rows.map((r) => r.id);
}

/** Admins see all; a reseller its whole tree (see `customerTree`); others their customer. */
export async function resolveScope(db: DbOrTx, caller: Caller): Promise<CustomerScope> {
  if (roleClass(caller.role) === 'Admin') return { all: true };
  if (!caller.isReseller) return { all: false, customerIds: [caller.customerId] };
  return { all: false, customerIds: await customerTree(db, caller.customerId) };
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
