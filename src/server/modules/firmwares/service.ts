import {
  FIRMWARE_ACTIVE_NOT_DELETED,
  FIRMWARE_NOT_FOUND,
  FIRMWARE_TAKEN,
  type Firmware,
  type FirmwareFields,
} from '@shared/libraries/firmware-library';
import { FIRMWARE_FLAG_LIST } from '@shared/libraries/libraries';
import type { Caller } from '@server/auth/tokens';
import type { Db } from '@server/db/client';
import { badRequest, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { libraryEntryWrites, deleteLibraryFile } from '@server/modules/library-files';
import {
  deleteFirmware,
  findFirmware,
  insertFirmware,
  listFirmwares,
  lockFirmware,
  updateFirmware,
} from './repository';

const flagName = (flag: number) =>
  FIRMWARE_FLAG_LIST.find((f) => f.Id === flag)?.Flag.toLowerCase() ?? 'no flag';

const describe = (fields: Pick<FirmwareFields, 'Version' | 'FirmwareFlag' | 'DeviceType'>) =>
  `Firmware ${fields.Version} (${flagName(fields.FirmwareFlag)}, device type ` +
  `${String(fields.DeviceType)})`;

/** Add-on board firmware: create and update with the image, delete while inactive. */
export function createFirmwareService(db: Db) {
  const { create, update, reload } = libraryEntryWrites<FirmwareFields, Firmware>(db, {
    lock: lockFirmware,
    insert: insertFirmware,
    update: updateFirmware,
    find: findFirmware,
    notFoundMessage: FIRMWARE_NOT_FOUND,
    // One firmware per version, device type and flag (the unique index).
    taken: { Version: FIRMWARE_TAKEN },
    describe,
  });

  return {
    create,
    update,

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
