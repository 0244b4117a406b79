import * as v from 'valibot';
import { serverRoutes } from '../../../shared/api-paths';
import { SettingsListSchema, SettingsPutSchema } from '../../../shared/device-settings';
import { DeviceIdParamsSchema, ImeiParamsSchema } from '../../../shared/devices';
import type { Db } from '../../db/client';
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
  app.post(
    serverRoutes.deviceSettingsOfDevice,
    { schema: { tags, params: ImeiParamsSchema, body: SettingsListSchema } },
    async (request) =>
      service.save(await request.scope(), request.params.imei, request.body.SettingsList),
  );
  app.put(
    serverRoutes.deviceSettingsOrSetting,
    { schema: { tags, params: KeyParamsSchema, body: SettingsPutSchema } },
    async (request) => {
      const { body } = request;
      const scope = await request.scope();
      if ('SettingsList' in body) return service.save(scope, request.params.key, body.SettingsList);
      return service.edit(scope, Number(request.params.key), body);
    },
  );
  app.delete(
    serverRoutes.deviceSetting,
    { schema: { tags, params: DeviceIdParamsSchema } },
    async (request) => service.remove(await request.scope(), request.params.id),
  );
  app.delete(
    serverRoutes.deviceUnprocessedSettings,
    { schema: { tags, params: ImeiParamsSchema } },
    async (request) => service.removeUnprocessed(await request.scope(), request.params.imei),
  );
}
