import { asc, desc, inArray, not, type SQL } from 'drizzle-orm';
import { ID_KINDS, type IdKind } from '../../../shared/ids';
import type { Db } from '../../db/client';
import { customers, users } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo';
import { ID_COLUMNS } from './id-columns';

/**
 * Real ids of each kind (of several tenants), so generated requests reach existing objects, and
 * the ids no generated request may name (`kind:id`, see `signInObjects`).
 */
export type IdPool = Record<IdKind, (number | string)[]> & { avoid: ReadonlySet<string> };

const PER_END = 4;

/**
 * Objects whose change would lock the fuzzer's own identities out: the demo sign-in accounts
 * (a new email or password) and their customers (deactivated). Generated requests never name
 * them; other users and customers of the same tenants stand in.
 */
async function signInObjects(db: Db) {
  const accounts = await db
    .select({ id: users.id, customerId: users.customerId })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const userIds = accounts.map((a) => a.id);
  const customerIds = accounts.map((a) => a.customerId);
  const where: Partial<Record<IdKind, SQL>> = {
    user: inArray(users.id, userIds),
    customer: inArray(customers.id, customerIds),
  };
  const avoid = new Set([
    ...userIds.map((id) => `user:${id}`),
    ...customerIds.map((id) => `customer:${id}`),
  ]);
  return { where, avoid };
}

/** A few of the lowest and highest ids of every kind in the database. */
export async function readIdPool(db: Db): Promise<IdPool> {
  const { where, avoid } = await signInObjects(db);
  const ids = {} as Record<IdKind, (number | string)[]>;
  for (const kind of Object.keys(ID_KINDS) as IdKind[]) {
    const { table, column } = ID_COLUMNS[kind];
    const excluded = where[kind];
    const read = (order: typeof asc) =>
      db
        .select({ value: column })
        .from(table)
        .where(excluded ? not(excluded) : undefined)
        .orderBy(order(column))
        .limit(PER_END);
    const rows = [...(await read(asc)), ...(await read(desc))];
    ids[kind] = [...new Set(rows.map((r) => r.value as number | string))];
  }
  return { ...ids, avoid };
}
