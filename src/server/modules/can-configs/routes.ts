import { eq } from 'drizzle-orm';
import { libraryServerRoutes } from '@shared/libraries/api-paths-libraries';
import { serverRoutes } from '@shared/api/api-paths';
import {
  CanConfigFieldsSchema,
  CanConfigIdParamsSchema,
  CanConfigListSchema,
  CanConfigSchema,
} from '@shared/libraries/can-library';
import { CAN_CONFIG_FILE } from '@shared/libraries/library-files';
import type { Db } from '@server/db/client';
import { canConfigs } from '@server/db/schema';
import { multipartBoolean, multipartNumber } from '@server/http/multipart';
import type { App } from '@server/http/types';
import { readLibraryForm } from '@server/modules/library-files';
import { listCanConfigs } from './repository';
import type { CanConfigService } from './service';

const tags = ['canconfig'];
/** Selector lookups: any signed-in user (the device page's Protocol Code select). */
const read = { access: 'lookups.read' } as const;
const manage = { access: 'libraries.manage' } as const;
const MULTIPART =
  'multipart/form-data: Protocol, Version, Brand, Name, Active (true/false), DeviceType, ' +
  'the file in the part named Config (.tlqs or .s2s, at most 36864 bytes), Filename';

const form = (fileRequired: boolean) => ({
  rule: CAN_CONFIG_FILE,
  schema: CanConfigFieldsSchema,
  fileRequired,
  coerce: (fields: Readonly<Record<string, string>>) => ({
    Protocol: fields.Protocol,
    Version: fields.Version,
    Brand: fields.Brand,
    Name: fields.Name,
    Active: multipartBoolean(fields.Active),
    DeviceType: multipartNumber(fields.DeviceType),
  }),
});

/** The CAN protocol library, one for all customers (spec 03 §7): lists, create, update. */
export function canConfigRoutes(app: App, db: Db, service: CanConfigService): void {
  const list = { 200: CanConfigListSchema };
  app.get(serverRoutes.canConfigs, { config: read, schema: { tags, response: list } }, () =>
    listCanConfigs(db),
  );
  app.get(serverRoutes.activeCanConfigs, { config: read, schema: { tags, response: list } }, () =>
    listCanConfigs(db, eq(canConfigs.active, true)),
  );
  app.post(
    serverRoutes.canConfigs,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a QTLibrary entry with its configuration file; answers it',
        description: MULTIPART,
        response: { 200: CanConfigSchema },
      },
    },
    async (request, reply) =>
      service.create(request.caller, await readLibraryForm(request, reply, form(true))),
  );
  app.put(
    libraryServerRoutes.canConfig,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Update a QTLibrary entry; the file is optional (kept when none is sent)',
        description: MULTIPART,
        params: CanConfigIdParamsSchema,
        response: { 200: CanConfigSchema },
      },
    },
    async (request, reply) =>
      service.update(
        request.caller,
        request.params.id,
        await readLibraryForm(request, reply, form(false)),
      ),
  );
}
