import * as v from 'valibot';
import { API_BASE } from '@shared/api/api-paths';
import { ImeiSchema } from '@shared/devices/device-requests';
import { DEVICE_TEST_CLIENT_METHODS, DEVICE_TEST_HUB_PATH } from '@shared/devices/device-tests';
import type { Action } from '@shared/access/permissions';
import { resolveScope } from '@server/auth/tenancy';
import type { Db } from '@server/db/client';
import { badRequest } from '@server/errors/http-errors';
import type { HubDefinition } from '@server/hub/types';
import { requireDeviceByImei } from '@server/modules/devices';
import { connectionImei, type DeviceTestEngine } from './engine';

/** `/api/socketdevicetests/ws` (docs/installation-test.md). */
export const DEVICE_TEST_HUB_URL = `${API_BASE}${DEVICE_TEST_HUB_PATH}`;

/** Who may run a test: not Viewers (setactive/setinactive are GETs, so the guard needs telling). */
export const TESTER_ACCESS = 'deviceTests.write' satisfies Action;

/**
 * The live installation test: a caller who may change the device (not a Viewer, the device in
 * their scope) watches its test; the engine does the rest.
 */
export function deviceTestHub(db: Db, engine: DeviceTestEngine): HubDefinition {
  return {
    path: DEVICE_TEST_HUB_URL,
    access: TESTER_ACCESS,
    async authorize(caller, query) {
      const imei = v.safeParse(ImeiSchema, query.get('IMEI') ?? query.get('imei') ?? '');
      if (!imei.success) throw badRequest({ IMEI: imei.issues[0].message });
      await requireDeviceByImei(db, await resolveScope(db, caller), imei.output);
    },
    onDisconnected: (connection) => {
      engine.leave(connection);
    },
    methods: {
      [DEVICE_TEST_CLIENT_METHODS.initTestSocket]: (connection, imei) =>
        engine.join(connection, imei ?? connectionImei(connection)),
      [DEVICE_TEST_CLIENT_METHODS.getTestProgress]: (connection, request) =>
        engine.progress(connection, request),
    },
  };
}
