import {
  FIRMWARE_ACTIVE_NOT_DELETED,
  FIRMWARE_NOT_FOUND,
  FIRMWARE_TAKEN,
  type Firmware,
  type FirmwareFields,
} from '../../../shared/firmware-library';
import type { Caller } from '../../auth/tokens';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, notFound } from '../../http/errors';
import { byCaller, writeOperatorLog } from '../../operator-log/write';
import type { LibraryForm } from '../library-files/form';
import { deleteLibraryFile, insertLibraryFile } from '../library-files/repository';
import {
  deleteFirmware,
  findFirmware,
  insertFirmware,
  listFirmwares,
  lockFirmware,
  updateFirmware,
} from './repository';

const FLAG_NAMES: Record<number, string> = { 1: 'booter', 2: 'application' };

/** Add-on board firmware: create and update with the image, delete while inactive. */
export function createFirmwareService(db: Db) {
  async function reload(tx: DbOrTx, id: number): Promise<Firmware> {
    const firmware = await findFirmware(tx, id);
    if (!firmware) throw notFound(FIRMWARE_NOT_FOUND);
    return firmware;
  }

  /** One firmware per version, device type and flag (the unique index). */
  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest({ Version: FIRMWARE_TAKEN });
      throw error;
    }
  }

  const describe = (fields: Pick<FirmwareFields, 'Version' | 'FirmwareFlag' | 'DeviceType'>) =>
    `Firmware ${fields.Version} (${FLAG_NAMES[fields.FirmwareFlag] ?? 'no flag'}, device type ` +
    `${String(fields.DeviceType)})`;

  return {
    create(caller: Caller, form: LibraryForm<FirmwareFields>): Promise<Firmware> {
      const { values, file } = form;
      if (!file) throw new Error('a new firmware needs its image (checked by the form)');
      return saving(() =>
        db.transaction(async (tx) => {
          const fileId = await insertLibraryFile(tx, file);
          const id = await insertFirmware(tx, values, { id: fileId, name: file.name });
          await writeOperatorLog(tx, {
            level: 'Information',
            message: `${describe(values)} created ${byCaller(caller)}`,
          });
          return reload(tx, id);
        }),
      );
    },

    update(caller: Caller, id: number, form: LibraryForm<FirmwareFields>): Promise<Firmware> {
      const { values, file } = form;
      return saving(() =>
        db.transaction(async (tx) => {
          const current = await lockFirmware(tx, id);
          if (!current) throw notFound(FIRMWARE_NOT_FOUND);
          const fileId = file ? await insertLibraryFile(tx, file) : null;
          await updateFirmware(
            tx,
            id,
            values,
            file && fileId ? { id: fileId, name: file.name } : null,
          );
          if (file) await deleteLibraryFile(tx, current.fileId);
          await writeOperatorLog(tx, {
            level: 'Information',
            message: `${describe(values)} updated${file ? ' with a new image' : ''} ${byCaller(caller)}`,
          });
          return reload(tx, id);
        }),
      );
    },

    /** Spec 03 §4, §7: only while inactive; answers the remaining list. */
    remove(caller: Caller, id: number): Promise<Firmware[]> {
      return db.transaction(async (tx) => {
        const current = await lockFirmware(tx, id);
        if (!current) throw notFound(FIRMWARE_NOT_FOUND);
        if (current.active) throw badRequest({ Active: FIRMWARE_ACTIVE_NOT_DELETED });
        const firmware = await reload(tx, id);
        await deleteFirmware(tx, id);
        await deleteLibraryFile(tx, current.fileId);
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `${describe(firmware)} deleted ${byCaller(caller)}`,
        });
        return listFirmwares(tx);
      });
    },
  };
}

export type FirmwareService = ReturnType<typeof createFirmwareService>;
