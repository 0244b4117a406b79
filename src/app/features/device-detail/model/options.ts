import { FIRMWARE_FLAGS } from '@shared/devices/constants';
import { isNoProfile, isOldCan } from '@shared/devices/device-settings';
import type { DeviceDetail } from '@shared/devices/devices';
import type { SettingsProfile } from '@shared/forwards/endpoints';
import type { CanConfig, Firmware } from '@shared/libraries/libraries';
import { formatDate } from './format';

export interface Option {
  value: string;
  label: string;
}

/** The '--' entry of the selectors: no customer, no group, no profile (sent as empty). */
export const NONE_OPTION: Option = { value: '', label: '--' };
export const CURRENT_VERSION_LABEL = 'CurrentVersion';
export const OLD_CAN_LABEL = '(OLD CAN ver)';

const FLAG_NAMES: Record<number, string> = {
  [FIRMWARE_FLAGS.Booter]: 'Booter',
  [FIRMWARE_FLAGS.Application]: 'Application',
};

const uniqueByValue = (options: Option[]): Option[] =>
  options.filter((option, i) => options.findIndex((o) => o.value === option.value) === i);

/**
 * Protocol Code choices: the library's protocols for the device type, plus a 'CurrentVersion'
 * entry when the device's protocol is not among them (spec 01 §2.6).
 */
export function protocolOptions(
  configs: readonly CanConfig[],
  deviceType: number,
  current: string | null,
): Option[] {
  const listed = uniqueByValue(
    configs
      .filter((config) => config.DeviceType === deviceType)
      .map((config) => ({
        value: config.Protocol,
        label: `${config.Protocol} – ${config.Brand} ${config.Name}`,
      })),
  );
  if (!current || listed.some((option) => option.value === current)) return listed;
  return [{ value: current, label: `${CURRENT_VERSION_LABEL}: ${current}` }, ...listed];
}

/**
 * Firmware choices: booter and application firmware of the device type, with their created date.
 * A current version that is no longer listed stays selectable so the select shows it.
 */
export function firmwareOptions(
  firmwares: readonly Firmware[],
  deviceType: number,
  current: string | null,
): Option[] {
  const listed = uniqueByValue(
    firmwares
      .filter((f) => f.DeviceType === deviceType && FLAG_NAMES[f.FirmwareFlag] !== undefined)
      .map((f) => ({
        value: f.Version,
        label: `${f.Version} – ${FLAG_NAMES[f.FirmwareFlag] ?? ''} – ${formatDate(f.Created)}`,
      })),
  );
  if (!current || listed.some((option) => option.value === current)) return listed;
  return [{ value: current, label: current }, ...listed];
}

/** What the old-CAN rule reads: the device type and its applied CAN versions. */
export interface CanFacts {
  DeviceType: number;
  CAN1Version: string | null;
  CAN2Version: string | null;
}

/**
 * Device type 2 with a CAN version below 2207000 may not change its protocol (spec 01 §5); the
 * installation test's set-up reads a device of a list, which carries the applied versions too.
 */
export const isOldCanDevice = ({ DeviceType, CAN1Version, CAN2Version }: CanFacts): boolean =>
  isOldCan(DeviceType, CAN1Version ?? undefined, CAN2Version ?? undefined);

export const hasOldCan = ({ DeviceType, CurrentConfig }: DeviceDetail): boolean =>
  isOldCanDevice({
    DeviceType,
    CAN1Version: CurrentConfig.CAN1Version,
    CAN2Version: CurrentConfig.CAN2Version,
  });

/** The protocol select's label: '(OLD CAN ver)' tells why it is locked. */
export const protocolLabel = (label: string, oldCan: boolean): string =>
  oldCan ? `${label} ${OLD_CAN_LABEL}` : label;

/**
 * Firmware is locked while the selected settings profile syncs firmware itself (its
 * applicationVersion is not 0), and on old-CAN devices, which the server refuses as well.
 */
export function firmwareLocked(
  device: DeviceDetail,
  profiles: readonly SettingsProfile[] | undefined,
): boolean {
  if (hasOldCan(device)) return true;
  const profileId = device.NewConfig.settingsProfileID ?? '';
  if (isNoProfile(profileId)) return false;
  const profile = profiles?.find((p) => p.Id === profileId);
  return profile !== undefined && profile.applicationVersion !== 0;
}
