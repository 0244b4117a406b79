import * as v from 'valibot';
import { serverRoutes } from '@shared/api/api-paths';
import {
  SettingEditSchema,
  SettingsListSchema,
  SettingsPutSchema,
} from '@shared/devices/device-settings';
import {
  ImeiParamsSchema,
  SettingIdParamsSchema,
  SettingKeyParamsSchema,
  settingIdOf,
  type DeviceDetail,
  type DeviceSetting,
} from '@shared/devices/devices';
import type { Db } from '@server/db/client';
import { notFound } from '@server/errors/http-errors';
import { IdempotencyHeadersSchema as headers, withIdempotency } from '@server/http/idempotency';
import type { App } from '@server/http/types';
import { createDeviceSettingService, SETTING_NOT_FOUND } from './service';

const tags = ['devices'];
const read = { access: 'devices.read' } as const;
const write = { access: 'devices.write' } as const;
const interval = { SettingName: 'timedMessageInterval', Value: '60' };
const SettingsListBody = v.pipe(SettingsListSchema, v.examples([{ SettingsList: [interval] }]));
/** Documented as the two bodies it takes (see SettingsPutSchema). */
const SettingsPutBody = v.pipe(
  SettingsPutSchema,
  v.metadata({ alternatives: [SettingsListSchema, SettingEditSchema] }),
  v.examples([{ SettingsList: [interval] }, interval]),
);

/** A device's pending settings and their history (`devices/settings/…`). */
export function deviceSettingRoutes(app: App, db: Db): void {
  const service = createDeviceSettingService(db);

  app.get(
    serverRoutes.deviceSettingsOfDevice,
    { config: read, schema: { tags, params: ImeiParamsSchema } },
    async (request) => service.list(await request.scope(), request.params.imei),
  );
  // Writes may be replays of the offline outbox: exactly once per Idempotency-Key.
  app.post(
    serverRoutes.deviceSettingsOfDevice,
    { config: write, schema: { tags, headers, params: ImeiParamsSchema, body: SettingsListBody } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceSettingService(tx).save(
          request.caller,
          scope,
          request.params.imei,
          request.body.SettingsList,
        ),
      ),
  );
  app.put(
    serverRoutes.deviceSettingsOrSetting,
    {
      config: write,
      schema: { tags, headers, params: SettingKeyParamsSchema, body: SettingsPutBody },
    },
    (request, reply) =>
      withIdempotency<DeviceDetail | DeviceSetting>(request, reply, db, (tx, scope) => {
        const { body } = request;
        const settings = createDeviceSettingService(tx);
        if ('SettingsList' in body)
          return settings.save(request.caller, scope, request.params.key, body.SettingsList);
        // An IMEI-length key is no setting id a bigserial column can hold.
        const id = settingIdOf(request.params.key);
        if (id === undefined) throw notFound(SETTING_NOT_FOUND);
        return settings.edit(request.caller, scope, id, body);
      }),
  );
  app.delete(
    serverRoutes.deviceSetting,
    { config: write, schema: { tags, headers, params: SettingIdParamsSchema } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceSettingService(tx).remove(request.caller, scope, request.params.id),
      ),
  );
  app.delete(
    serverRoutes.deviceUnprocessedSettings,
    { config: write, schema: { tags, headers, params: ImeiParamsSchema } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceSettingService(tx).removeUnprocessed(
          request.caller,
          scope,
          request.params.imei,
        ),
      ),
  );
}
