// Features and roles: named lookups with a usage count, one rule set for both (spec 02 §5).
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  NAME_TAKEN,
  type NamedCreate,
  type NamedEntity,
  type NamedKind,
} from '@shared/access/names';
import type { Db, DbOrTx } from '@server/db/client';
import { features, roles } from '@server/db/schema';
import type { Caller } from '@server/auth/tokens';
import { isUniqueViolation } from '@server/db/unique-violation';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { badRequest, HttpError, notFound } from '@server/errors/http-errors';

export interface NamedTableSpec {
  kind: NamedKind;
  table: typeof features | typeof roles;
  /** How many objects use the row (`UsedBy`): a count over the row's `id`. */
  usedBy: SQL<number>;
  notFound: string;
  /** Rows that may never be removed (built-in roles), and what removing one answers. */
  protectedNames?: readonly string[];
  protectedMessage?: string;
  inUse: (count: number) => string;
}

/** List, create and remove of a named table; reading and writing go through `spec`. */
export function createNamedEntityService(db: Db, spec: NamedTableSpec) {
  const { table } = spec;
  const columns = { Id: table.id, Name: table.name, UsedBy: spec.usedBy };
  const select = (tx: DbOrTx, where?: SQL) =>
    tx
      .select(columns)
      .from(table)
      .where(where)
      // The same order on every collation (PGlite sorts bytes, PostgreSQL often the locale's).
      .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
  const nameTaken = async (tx: DbOrTx, name: string) =>
    (
      await tx
        .select({ id: table.id })
        .from(table)
        .where(eq(sql`lower(${table.name})`, sql`lower(${name})`))
    ).length > 0;
  const takenError = () => badRequest({ name: NAME_TAKEN[spec.kind] });
  const noun = spec.kind === 'feature' ? 'Feature' : 'Role';
  const logChange = (tx: DbOrTx, caller: Caller, what: string) =>
    writeOperatorLog(tx, { level: 'Information', message: `${noun} ${what} ${byCaller(caller)}` });

  return {
    list: (): Promise<NamedEntity[]> => select(db),

    async get(id: number): Promise<NamedEntity> {
      const [row] = await select(db, eq(table.id, id));
      if (!row) throw notFound(spec.notFound);
      return row;
    },

    async create(caller: Caller, { name }: NamedCreate): Promise<NamedEntity> {
      try {
        return await db.transaction(async (tx) => {
          if (await nameTaken(tx, name)) throw takenError();
          const [row] = await tx.insert(table).values({ name }).returning({ id: table.id });
          const [created] = await select(tx, eq(table.id, row?.id ?? 0));
          if (!created) throw new Error(`insert ${spec.kind} returned nothing`);
          await logChange(tx, caller, `${created.Id} '${created.Name}' created`);
          return created;
        });
      } catch (error) {
        // Two creates of one name at once: the unique index refuses the second.
        if (isUniqueViolation(error)) throw takenError();
        throw error;
      }
    },

    /** Removes an unused, unprotected row; the lock keeps anyone from taking it into use meanwhile. */
    remove(caller: Caller, id: number): Promise<NamedEntity> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: table.id })
          .from(table)
          .where(eq(table.id, id))
          .for('update');
        const [row] = locked ? await select(tx, eq(table.id, id)) : [];
        if (!row) throw notFound(spec.notFound);
        if (spec.protectedNames?.includes(row.Name))
          throw new HttpError(400, spec.protectedMessage ?? spec.inUse(row.UsedBy));
        if (row.UsedBy > 0) throw new HttpError(400, spec.inUse(row.UsedBy));
        await tx.delete(table).where(eq(table.id, id));
        await logChange(tx, caller, `${row.Id} '${row.Name}' removed`);
        return row;
      });
    },
  };
}

export type NamedEntityService = ReturnType<typeof createNamedEntityService>;
