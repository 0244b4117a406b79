import * as v from 'valibot';
import { serverRoutes } from '../../../shared/api-paths';
import { SettingsListSchema, SettingsPutSchema } from '../../../shared/device-settings';
import {
  DeviceIdParamsSchema,
  ImeiParamsSchema,
  type DeviceDetail,
  type DeviceSetting,
} from '../../../shared/devices';
import type { Db } from '../../db/client';
import { IdempotencyHeadersSchema as headers, withIdempotency } from '../../http/idempotency';
import type { App } from '../../http/types';
import { createDeviceSettingService } from './settings';

const tags = ['devices'];
const KeyParamsSchema = v.object({
  key: v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'Must be an IMEI or a setting id')),
});

export function settingRoutes(app: App, db: Db): void {
  const service = createDeviceSettingService(db);

  app.get(
    serverRoutes.deviceSettingsOfDevice,
    { schema: { tags, params: ImeiParamsSchema } },
    async (request) => service.list(await request.scope(), request.params.imei),
  );
  // Writes may be replays of the offline outbox: exactly once per Idempotency-Key.
  app.post(
    serverRoutes.deviceSettingsOfDevice,
    { schema: { tags, headers, params: ImeiParamsSchema, body: SettingsListSchema } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceSettingService(tx).save(scope, request.params.imei, request.body.SettingsList),
      ),
  );
  app.put(
    serverRoutes.deviceSettingsOrSetting,
    { schema: { tags, headers, params: KeyParamsSchema, body: SettingsPutSchema } },
    (request, reply) =>
      withIdempotency<DeviceDetail | DeviceSetting>(request, reply, db, (tx, scope) => {
        const { body } = request;
        const settings = createDeviceSettingService(tx);
        if ('SettingsList' in body)
          return settings.save(scope, request.params.key, body.SettingsList);
        return settings.edit(scope, Number(request.params.key), body);
      }),
  );
  app.delete(
    serverRoutes.deviceSetting,
    { schema: { tags, headers, params: DeviceIdParamsSchema } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceSettingService(tx).remove(scope, request.params.id),
      ),
  );
  app.delete(
    serverRoutes.deviceUnprocessedSettings,
    { schema: { tags, headers, params: ImeiParamsSchema } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceSettingService(tx).removeUnprocessed(scope, request.params.imei),
      ),
  );
}
