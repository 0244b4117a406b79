import { and, eq, inArray } from 'drizzle-orm';
import { EMPTY_GUID } from '@shared/devices/constants';
import {
  ENDPOINT_SLOTS,
  endpointIdSetting,
  isNoProfile,
  isOldCan,
} from '@shared/devices/device-settings';
import type { SettingValue } from '@shared/devices/devices';
import type { FieldErrors } from '@shared/api/validation';
import { canSee, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import {
  canConfigs,
  endpoints,
  firmwares,
  settingsProfiles,
  type devices,
} from '@server/db/schema';
import { textOf } from '@server/modules/devices';

export const OLD_CAN_MESSAGE =
  'Cannot change on device type 2 with an old CAN version (below 2207000)';
export const UNKNOWN_PROTOCOL = 'No CAN protocol with this code for the device type';
export const UNKNOWN_FIRMWARE = 'No firmware with this version for the device type';
export const UNKNOWN_PROFILE = 'Settings profile not found';
export const PROFILE_OF_ANOTHER_CUSTOMER = 'The settings profile is of another customer';
export const UNKNOWN_ENDPOINT = 'Endpoint not found';

type DeviceRecord = typeof devices.$inferSelect;
type Check = (
  db: DbOrTx,
  scope: CustomerScope,
  device: DeviceRecord,
  value: string,
) => Promise<string | undefined>;

const exists = async (rows: Promise<unknown[]>) => (await rows).length > 0;
const currentValue = (device: DeviceRecord, name: string) =>
  textOf(device.currentConfig, name) ?? undefined;
const oldCan = (device: DeviceRecord) =>
  isOldCan(
    device.deviceType,
    currentValue(device, 'CAN1Version'),
    currentValue(device, 'CAN2Version'),
  );

/** A reference owned by no customer is for everyone; otherwise it must be in the scope. */
const visibleOwner = (owner: { customerId: number | null } | undefined, scope: CustomerScope) =>
  owner !== undefined && (owner.customerId === null || canSee(scope, owner.customerId));

const CHECKS: Record<string, Check> = {
  async ProtocolCode(db, _scope, device, value) {
    if (value === currentValue(device, 'ProtocolCode')) return undefined;
    if (oldCan(device)) return OLD_CAN_MESSAGE;
    const known = await exists(
      db
        .select({ id: canConfigs.id })
        .from(canConfigs)
        .where(and(eq(canConfigs.protocol, value), eq(canConfigs.deviceType, device.deviceType)))
        .limit(1),
    );
    return known ? undefined : UNKNOWN_PROTOCOL;
  },
  async Firmware(db, _scope, device, value) {
    if (value === currentValue(device, 'Firmware')) return undefined;
    if (oldCan(device)) return OLD_CAN_MESSAGE;
    const known = await exists(
      db
        .select({ id: firmwares.id })
        .from(firmwares)
        .where(
          and(
            eq(firmwares.version, value),
            eq(firmwares.deviceType, device.deviceType),
            inArray(firmwares.firmwareFlag, [1, 2]),
          ),
        )
        .limit(1),
    );
    return known ? undefined : UNKNOWN_FIRMWARE;
  },
  // A profile of one customer is for that customer's devices only (shared ones for all).
  async settingsProfileID(db, scope, device, value) {
    if (isNoProfile(value)) return undefined;
    const [profile] = await db
      .select({ customerId: settingsProfiles.customerId })
      .from(settingsProfiles)
      .where(eq(settingsProfiles.id, value));
    if (!visibleOwner(profile, scope)) return UNKNOWN_PROFILE;
    return profile?.customerId == null || profile.customerId === device.customerId
      ? undefined
      : PROFILE_OF_ANOTHER_CUSTOMER;
  },
};
for (const slot of ENDPOINT_SLOTS) {
  CHECKS[endpointIdSetting(slot)] = async (db, scope, _device, value) => {
    if (value === EMPTY_GUID) return undefined;
    const [endpoint] = await db
      .select({ customerId: endpoints.customerId })
      .from(endpoints)
      .where(eq(endpoints.id, value));
    return visibleOwner(endpoint, scope) ? undefined : UNKNOWN_ENDPOINT;
  };
}

/**
 * The rules that depend on the device and the database: protocol code and firmware must exist
 * for the device type and may not change on old-CAN devices (spec 01 §5, 02 §9); profiles and
 * endpoints must exist and be the caller's. Answers errors keyed by `fieldOf(index)`.
 */
export async function checkSettingReferences(
  db: DbOrTx,
  scope: CustomerScope,
  device: DeviceRecord,
  settings: readonly SettingValue[],
  fieldOf: (index: number) => string,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [index, setting] of settings.entries()) {
    // Own names only: 'constructor' or 'toString' are no checks.
    const check = Object.hasOwn(CHECKS, setting.SettingName)
      ? CHECKS[setting.SettingName]
      : undefined;
    const issue = check ? await check(db, scope, device, setting.Value) : undefined;
    if (issue) errors[fieldOf(index)] = issue;
  }
  return errors;
}
