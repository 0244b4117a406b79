import { asc, desc, inArray, not, type SQL } from 'drizzle-orm';
import { ID_KINDS, type IdKind } from '@shared/api/ids';
import type { Db } from '@server/db/client';
import { customers, users } from '@server/db/schema';
import { ID_COLUMNS } from './id-columns';
import { readSignInObjects, type SignInObjects } from './sign-in-objects';

/**
 * Real ids of each kind (of several tenants), so generated requests reach existing objects, and
 * the ids no generated request may name (`kind:id`, the sign-in objects, see sign-in-objects.ts).
 */
export type IdPool = Record<IdKind, (number | string)[]> & {
  avoid: ReadonlySet<string>;
  signIn: SignInObjects;
};

const PER_END = 4;

/** A few of the lowest and highest ids of every kind in the database. */
export async function readIdPool(db: Db): Promise<IdPool> {
  const signIn = await readSignInObjects(db);
  // The sign-in objects are no candidates: other users and customers of the tenants stand in.
  const where: Partial<Record<IdKind, SQL>> = {
    user: inArray(users.id, signIn.userIds),
    customer: inArray(customers.id, signIn.customerIds),
  };
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
  return { ...ids, avoid: signIn.avoid, signIn };
}
