import { eq } from 'drizzle-orm';
import { libraryServerRoutes } from '@shared/libraries/api-paths-libraries';
import { serverRoutes } from '@shared/api/api-paths';
import {
  FirmwareFieldsSchema,
  FirmwareIdParamsSchema,
  FirmwareListSchema,
  FirmwareSchema,
} from '@shared/libraries/firmware-library';
import { FIRMWARE_FILE } from '@shared/libraries/library-files';
import { FIRMWARE_FLAG_LIST } from '@shared/libraries/libraries';
import type { Db } from '@server/db/client';
import { firmwares } from '@server/db/schema';
import { multipartBoolean, multipartNumber } from '@server/http/multipart';
import type { App } from '@server/http/types';
import { readLibraryForm } from '@server/modules/library-files';
import { listFirmwares } from './repository';
import type { FirmwareService } from './service';

const tags = ['AddonBoardFW'];
/** Selector lookups: any signed-in user (the device page's Firmware select). */
const read = { access: 'lookups.read' } as const;
const manage = { access: 'libraries.manage' } as const;
const MULTIPART =
  'multipart/form-data: Version, Release (true/false), FirmwareFlag (1 booter, 2 application), ' +
  'DeviceType, Active (true/false), the image in the part named Firmware (.bin, .tlqs or .fota, ' +
  'at most 393216 bytes), Filename';

const form = (fileRequired: boolean) => ({
  rule: FIRMWARE_FILE,
  schema: FirmwareFieldsSchema,
  fileRequired,
  coerce: (fields: Readonly<Record<string, string>>) => ({
    Version: fields.Version,
    Release: multipartBoolean(fields.Release),
    DeviceType: multipartNumber(fields.DeviceType),
    FirmwareFlag: multipartNumber(fields.FirmwareFlag),
    Active: multipartBoolean(fields.Active),
  }),
});

/** Add-on board firmware, one list for all customers (spec 03 §7). */
export function firmwareRoutes(app: App, db: Db, service: FirmwareService): void {
  const list = { 200: FirmwareListSchema };
  const one = { 200: FirmwareSchema };
  app.get(serverRoutes.firmwares, { config: read, schema: { tags, response: list } }, () =>
    listFirmwares(db),
  );
  app.get(serverRoutes.firmwareFlags, { config: read, schema: { tags } }, () => FIRMWARE_FLAG_LIST);
  app.get(serverRoutes.activeFirmwares, { config: read, schema: { tags, response: list } }, () =>
    listFirmwares(db, eq(firmwares.active, true)),
  );
  app.post(
    serverRoutes.firmwares,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a firmware with its image; answers it',
        description: MULTIPART,
        response: one,
      },
    },
    async (request, reply) =>
      service.create(request.caller, await readLibraryForm(request, reply, form(true))),
  );
  app.put(
    libraryServerRoutes.firmware,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Update a firmware; the image is optional (kept when none is sent)',
        description: MULTIPART,
        params: FirmwareIdParamsSchema,
        response: one,
      },
    },
    async (request, reply) =>
      service.update(
        request.caller,
        request.params.id,
        await readLibraryForm(request, reply, form(false)),
      ),
  );
  app.delete(
    libraryServerRoutes.firmware,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an inactive firmware (400 while active); answers the remaining list',
        params: FirmwareIdParamsSchema,
        response: list,
      },
    },
    async (request) => service.remove(request.caller, request.params.id),
  );
}
