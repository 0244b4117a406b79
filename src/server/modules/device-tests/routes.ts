import { serverRoutes } from '@shared/api/api-paths';
import { deviceTypeName, DEVICE_TYPES } from '@shared/devices/constants';
import {
  DeviceTestSettingsIdParamsSchema,
  ImeiParamsSchema,
} from '@shared/devices/device-requests';
import {
  DeviceTestSettingsBodySchema,
  DeviceTestsQuerySchema,
  type DeviceTypeEntry,
} from '@shared/devices/device-tests';
import {
  RunKeyParamsSchema,
  SetActiveQuerySchema,
  VerdictBodySchema,
} from '@shared/devices/test-runs';
import type { Db } from '@server/db/client';
import { IdempotencyHeadersSchema as headers, withIdempotency } from '@server/http/idempotency';
import type { App } from '@server/http/types';
import type { DeviceTestEngine } from './engine';
import { createRunService } from './run-service';
import { TESTER_ACCESS } from './hub';
import { listResults } from './repository';
import { createDeviceTestSettingsService } from './settings-service';

const tags = ['device tests'];
// Results and settings are device data; starting, stopping and saving is the test's own action.
const read = { access: 'devices.read' } as const;
const test = { access: TESTER_ACCESS } as const;

/** Newest type first, as the spec lists them (4, 2, 1). */
const DEVICE_TYPE_LIST: DeviceTypeEntry[] = [...DEVICE_TYPES]
  .sort((a, b) => b - a)
  .map((id) => ({ Id: id, Name: deviceTypeName(id) }));

/** The installation-test calls of spec 03 §7 (the live part is the hub, see hub.ts). */
export function deviceTestRoutes(app: App, db: Db, engine: DeviceTestEngine): void {
  const service = createDeviceTestSettingsService(db, engine);
  const runs = createRunService(db, engine);
  const body = DeviceTestSettingsBodySchema;

  app.get(
    serverRoutes.deviceTypes,
    { config: { access: 'lookups.read' }, schema: { tags } },
    () => DEVICE_TYPE_LIST,
  );

  app.get(serverRoutes.deviceTestSettings, { config: read, schema: { tags } }, async (request) =>
    service.list(await request.scope()),
  );
  app.post(
    serverRoutes.deviceTestSettings,
    { config: test, schema: { tags, body } },
    async (request) => service.create(request.caller, await request.scope(), request.body),
  );
  app.put(
    serverRoutes.deviceTestSetting,
    { config: test, schema: { tags, params: DeviceTestSettingsIdParamsSchema, body } },
    async (request) =>
      service.update(request.caller, await request.scope(), request.params.id, request.body),
  );
  app.get(
    serverRoutes.deviceTestSetActive,
    { config: test, schema: { tags, params: ImeiParamsSchema, querystring: SetActiveQuerySchema } },
    async (request) =>
      service.setActive(
        request.caller,
        await request.scope(),
        request.params.imei,
        request.query.run,
      ),
  );
  app.get(
    serverRoutes.deviceTestSetInactive,
    { config: test, schema: { tags, params: ImeiParamsSchema } },
    async (request) => service.setInactive(await request.scope(), request.params.imei),
  );

  app.get(
    serverRoutes.deviceTests,
    { config: read, schema: { tags, querystring: DeviceTestsQuerySchema } },
    async (request) => listResults(db, await request.scope(), request.query.after),
  );

  app.get(
    serverRoutes.deviceTestRun,
    { config: read, schema: { tags, params: RunKeyParamsSchema } },
    async (request) => runs.get(await request.scope(), request.params.key),
  );
  // Verdicts may be replays of the offline outbox: exactly once per Idempotency-Key.
  app.post(
    serverRoutes.deviceTestRunVerdicts,
    {
      config: test,
      schema: { tags, headers, params: RunKeyParamsSchema, body: VerdictBodySchema },
    },
    async (request, reply) => {
      const answer = await withIdempotency(request, reply, db, (tx, scope) =>
        runs.addVerdict(tx, request.caller, scope, request.params.key, request.body),
      );
      const run = await runs.requireRun(db, await request.scope(), request.params.key);
      await engine.refresh(run);
      return answer;
    },
  );
}
