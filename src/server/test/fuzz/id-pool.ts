import { asc, desc } from 'drizzle-orm';
import { ID_KINDS, type IdKind } from '../../../shared/ids';
import type { Db } from '../../db/client';
import { ID_COLUMNS } from './id-columns';

/** Real ids of each kind (of several tenants), so generated requests reach existing objects. */
export type IdPool = Record<IdKind, (number | string)[]>;

const PER_END = 4;

/** A few of the lowest and highest ids of every kind in the database. */
export async function readIdPool(db: Db): Promise<IdPool> {
  const pool = {} as IdPool;
  for (const kind of Object.keys(ID_KINDS) as IdKind[]) {
    const { table, column } = ID_COLUMNS[kind];
    const read = (order: typeof asc) =>
      db.select({ value: column }).from(table).orderBy(order(column)).limit(PER_END);
    const rows = [...(await read(asc)), ...(await read(desc))];
    pool[kind] = [...new Set(rows.map((r) => r.value as number | string))];
  }
  return pool;
}
