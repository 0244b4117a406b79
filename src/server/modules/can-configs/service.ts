import {
  CAN_CONFIG_NOT_FOUND,
  PROTOCOL_TAKEN,
  type CanConfig,
  type CanConfigFields,
} from '../../../shared/can-library';
import type { Caller } from '../../auth/tokens';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, notFound } from '../../http/errors';
import { byCaller, writeOperatorLog } from '../../operator-log/write';
import type { LibraryForm } from '../library-files/form';
import { deleteLibraryFile, insertLibraryFile } from '../library-files/repository';
import { findCanConfig, insertCanConfig, lockCanConfig, updateCanConfig } from './repository';

/** The CAN protocol library, QTLibrary: create and update with the configuration file. */
export function createCanConfigService(db: Db) {
  async function reload(tx: DbOrTx, id: number): Promise<CanConfig> {
    const entry = await findCanConfig(tx, id);
    if (!entry) throw notFound(CAN_CONFIG_NOT_FOUND);
    return entry;
  }

  /** One active entry per protocol code and device type (the partial unique index). */
  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest({ Protocol: PROTOCOL_TAKEN });
      throw error;
    }
  }

  const describe = (fields: CanConfigFields) =>
    `QTLibrary ${fields.Protocol} (${fields.Name}, version ${fields.Version}, device type ${String(fields.DeviceType)})`;

  return {
    create(caller: Caller, form: LibraryForm<CanConfigFields>): Promise<CanConfig> {
      const { values, file } = form;
      if (!file) throw new Error('a new QTLibrary needs its file (checked by the form)');
      return saving(() =>
        db.transaction(async (tx) => {
          const fileId = await insertLibraryFile(tx, file);
          const id = await insertCanConfig(tx, values, { id: fileId, name: file.name });
          await writeOperatorLog(tx, {
            level: 'Information',
            message: `${describe(values)} created ${byCaller(caller)}`,
          });
          return reload(tx, id);
        }),
      );
    },

    update(caller: Caller, id: number, form: LibraryForm<CanConfigFields>): Promise<CanConfig> {
      const { values, file } = form;
      return saving(() =>
        db.transaction(async (tx) => {
          const current = await lockCanConfig(tx, id);
          if (!current) throw notFound(CAN_CONFIG_NOT_FOUND);
          const fileId = file ? await insertLibraryFile(tx, file) : null;
          await updateCanConfig(
            tx,
            id,
            values,
            file && fileId ? { id: fileId, name: file.name } : null,
          );
          if (file) await deleteLibraryFile(tx, current.fileId);
          await writeOperatorLog(tx, {
            level: 'Information',
            message: `${describe(values)} updated${file ? ' with a new file' : ''} ${byCaller(caller)}`,
          });
          return reload(tx, id);
        }),
      );
    },
  };
}

export type CanConfigService = ReturnType<typeof createCanConfigService>;
