import type { FieldErrors } from '@shared/api/validation';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { isUniqueViolation } from '@server/db/unique-violation';
import { badRequest, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import type { LibraryForm } from './form';
import { deleteLibraryFile, insertLibraryFile } from './repository';

type FileOfEntry = { id: number; name: string };

/** How one library (QTLibrary, firmware) keeps its entries. */
export interface LibraryEntryStore<TFields, TEntry> {
  /** The entry's current file, locked for a change; undefined when there is no such entry. */
  lock(tx: DbOrTx, id: number): Promise<{ fileId: number | null } | undefined>;
  insert(tx: DbOrTx, fields: TFields, file: FileOfEntry): Promise<number>;
  /** Updates the fields, and the file when a new one came. */
  update(tx: DbOrTx, id: number, fields: TFields, file: FileOfEntry | null): Promise<void>;
  find(tx: DbOrTx, id: number): Promise<TEntry | undefined>;
  notFoundMessage: string;
  /** The 400 a unique index's refusal answers (one active protocol, one firmware version). */
  taken: FieldErrors;
  /** The entry in the operator log ('QTLibrary DAFXF2401 (…)'). */
  describe(fields: TFields): string;
}

/**
 * Create and update of a library entry with its file, the same for both libraries: the file and
 * the entry in one transaction, a replaced file dropped with it, the change in the operator log,
 * the entry answered as the lists show it.
 */
export function libraryEntryWrites<TFields, TEntry>(
  db: Db,
  store: LibraryEntryStore<TFields, TEntry>,
) {
  async function reload(tx: DbOrTx, id: number): Promise<TEntry> {
    const entry = await store.find(tx, id);
    if (!entry) throw notFound(store.notFoundMessage);
    return entry;
  }

  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(store.taken);
      throw error;
    }
  }

  return {
    reload,

    create: (caller: Caller, form: LibraryForm<TFields>): Promise<TEntry> => {
      const { values, file } = form;
      if (!file) throw new Error('a new library entry needs its file (checked by the form)');
      return saving(() =>
        db.transaction(async (tx) => {
          const fileId = await insertLibraryFile(tx, file);
          const id = await store.insert(tx, values, { id: fileId, name: file.name });
          await writeOperatorLog(tx, {
            level: 'Information',
            message: `${store.describe(values)} created ${byCaller(caller)}`,
          });
          return reload(tx, id);
        }),
      );
    },

    update: (caller: Caller, id: number, form: LibraryForm<TFields>): Promise<TEntry> => {
      const { values, file } = form;
      return saving(() =>
        db.transaction(async (tx) => {
          const current = await store.lock(tx, id);
          if (!current) throw notFound(store.notFoundMessage);
          const replacement = file
            ? { id: await insertLibraryFile(tx, file), name: file.name }
            : null;
          await store.update(tx, id, values, replacement);
          if (replacement) await deleteLibraryFile(tx, current.fileId);
          await writeOperatorLog(tx, {
            level: 'Information',
            message:
              `${store.describe(values)} updated${replacement ? ' with a new file' : ''} ` +
              byCaller(caller),
          });
          return reload(tx, id);
        }),
      );
    },
  };
}
