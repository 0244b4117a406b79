import {
  CAN_CONFIG_NOT_FOUND,
  PROTOCOL_TAKEN,
  type CanConfig,
  type CanConfigFields,
} from '@shared/libraries/can-library';
import type { Db } from '@server/db/client';
import { libraryEntryWrites } from '@server/modules/library-files';
import { findCanConfig, insertCanConfig, lockCanConfig, updateCanConfig } from './repository';

/** The CAN protocol library, QTLibrary: create and update with the configuration file. */
export function createCanConfigService(db: Db) {
  const { create, update } = libraryEntryWrites<CanConfigFields, CanConfig>(db, {
    lock: lockCanConfig,
    insert: insertCanConfig,
    update: updateCanConfig,
    find: findCanConfig,
    notFoundMessage: CAN_CONFIG_NOT_FOUND,
    // One active entry per protocol code and device type (the partial unique index).
    taken: { Protocol: PROTOCOL_TAKEN },
    describe: (f) =>
      `QTLibrary ${f.Protocol} (${f.Name}, version ${f.Version}, device type ${String(f.DeviceType)})`,
  });
  return { create, update };
}

export type CanConfigService = ReturnType<typeof createCanConfigService>;
