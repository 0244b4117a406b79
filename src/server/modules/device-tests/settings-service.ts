import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DeviceTestSettings, DeviceTestSettingsBody } from '@shared/devices/device-tests';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, Tx } from '@server/db/client';
import { wantedConfigOfRow } from '@server/db/wanted-config';
import { deviceTestSettings } from '@server/db/schema';
import { badRequest, notFound } from '@server/errors/http-errors';
import { createDeviceAssignmentService } from '@server/modules/device-assignments';
import {
  checkSettingReferences,
  createDeviceSettingService,
} from '@server/modules/device-settings';
import { requireDeviceByImei, textOf } from '@server/modules/devices';
import { STOPPED, type DeviceTestEngine } from './engine';
import {
  findSettingsById,
  findSettingsOfDevice,
  listSettings,
  setSettingsActive,
  toSettingsDto,
  type SettingsRow,
} from './repository';
import { endRunWithoutResult, RunKeyTaken, startRun } from './runs';
import { findRunningRun } from './runs-repository';

export const SETTINGS_NOT_FOUND = 'Device test settings not found';
export const OTHER_DEVICE = 'These settings belong to another device';

type Device = Awaited<ReturnType<typeof requireDeviceByImei>>;

/**
 * Brings the device to the chosen customer, configuration group and CAN protocol with the device
 * module's own services, bound to the caller's transaction (their inner transactions become
 * savepoints), so a refused part undoes the others.
 */
async function applyToDevice(
  tx: Tx,
  caller: Caller,
  scope: CustomerScope,
  device: Device,
  body: DeviceTestSettingsBody,
  protocol: string | null,
): Promise<void> {
  const assignments = createDeviceAssignmentService(tx);
  if (device.customerId !== body.CustomerId) {
    await assignments.assignCustomer(caller, scope, body.CustomerId, [device.imei]);
  }
  // Re-read: a customer change clears a group of another customer.
  const current = await requireDeviceByImei(tx, scope, device.imei);
  if (body.ConfigurationGroupId === null) {
    if (current.configurationGroupId !== null) {
      await assignments.removeGroup(caller, scope, [device.imei]);
    }
  } else if (current.configurationGroupId !== body.ConfigurationGroupId) {
    await assignments.assignGroup(caller, scope, body.ConfigurationGroupId, [device.imei]);
  }
  // The wanted configuration already holds pending changes: add a setting only for a new code.
  if (protocol !== null && textOf(wantedConfigOfRow(current), 'ProtocolCode') !== protocol) {
    const setting = { SettingName: 'ProtocolCode', Value: protocol };
    const errors = await checkSettingReferences(tx, scope, current, [setting], () => 'Protocol');
    if (Object.keys(errors).length) throw badRequest(errors);
    await createDeviceSettingService(tx).save(caller, scope, device.imei, [setting]);
  }
}

/** Test settings: one row per device; saving them configures the device (spec 03 §4). */
export function createDeviceTestSettingsService(db: Db, engine: DeviceTestEngine) {
  const save = async (
    caller: Caller,
    scope: CustomerScope,
    body: DeviceTestSettingsBody,
    settingsId?: number,
  ): Promise<DeviceTestSettings> => {
    const device = await requireDeviceByImei(db, scope, body.Imei);
    const protocol = body.Protocol ?? body.CanProtocol;
    const row = await db.transaction(async (tx) => {
      const existing = await findSettingsOfDevice(tx, device.id);
      if (settingsId !== undefined) {
        const target = await findSettingsById(tx, scope, settingsId);
        if (!target) throw notFound(SETTINGS_NOT_FOUND);
        if (target.deviceId !== device.id) throw badRequest({ Imei: OTHER_DEVICE });
      }
      await applyToDevice(tx, caller, scope, device, body, protocol);
      const values = {
        customerId: body.CustomerId,
        configurationGroupId: body.ConfigurationGroupId,
        protocol,
        // The caller, not the body's UserId: who saved is not the client's to claim.
        userId: caller.userId,
        updatedAt: new Date(),
      };
      const [saved] = existing
        ? await tx
            .update(deviceTestSettings)
            .set(values)
            .where(eq(deviceTestSettings.id, existing.id))
            .returning()
        : await tx
            .insert(deviceTestSettings)
            .values({ ...values, deviceId: device.id, imei: device.imei })
            .returning();
      if (!saved) throw new Error('device test settings not saved');
      return saved;
    });
    return toSettingsDto(row);
  };

  const settingsOf = async (scope: CustomerScope, imei: string): Promise<SettingsRow> => {
    const device = await requireDeviceByImei(db, scope, imei);
    const row = await findSettingsOfDevice(db, device.id);
    if (!row) throw notFound(SETTINGS_NOT_FOUND);
    return row;
  };

  return {
    list: async (scope: CustomerScope) => (await listSettings(db, scope)).map(toSettingsDto),

    /** POST: creates the device's settings, or replaces them when it has some already. */
    create: (caller: Caller, scope: CustomerScope, body: DeviceTestSettingsBody) =>
      save(caller, scope, body),

    update: (caller: Caller, scope: CustomerScope, id: number, body: DeviceTestSettingsBody) =>
      save(caller, scope, body, id),

    /**
     * Marks the test active for the caller and begins a run (`runKey`: the client's, so a start
     * sent twice is one run); a running run of another key ends as restarted.
     */
    async setActive(
      caller: Caller,
      scope: CustomerScope,
      imei: string,
      runKey: string = randomUUID(),
    ) {
      const row = await settingsOf(scope, imei);
      const start = await startRun(db, caller, row, runKey).catch((error: unknown) => {
        throw error instanceof RunKeyTaken ? badRequest({ run: error.message }) : error;
      });
      if (start.isNew) engine.begin(start.run);
      return { ...toSettingsDto(start.settings), RunKey: start.run.key };
    },

    /** Marks the test inactive and ends its run without a result. */
    async setInactive(scope: CustomerScope, imei: string) {
      const row = await settingsOf(scope, imei);
      const running = await findRunningRun(db, row.deviceId);
      const ended = running ? await endRunWithoutResult(db, running, 'stopped') : undefined;
      if (running && ended) engine.ended(running, STOPPED);
      const updated = ended
        ? await findSettingsOfDevice(db, row.deviceId)
        : await setSettingsActive(db, row.id, false);
      if (!updated) throw notFound(SETTINGS_NOT_FOUND);
      return toSettingsDto(updated);
    },
  };
}
