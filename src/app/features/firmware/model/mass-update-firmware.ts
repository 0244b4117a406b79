import { deviceTypeName, FIRMWARE_FLAGS } from '@shared/devices/constants';
import type { Customer } from '@shared/customers/customers';
import type { Firmware } from '@shared/libraries/firmware-library';
import type { Option } from '@app/components/form';

export type MassUpdateKind = 'firmware' | 'booter';

/** Spec 03 §2: Mass Update Firmware lists application firmwares (flag 2), Booter booters (1). */
export const MASS_UPDATE_FLAG: Record<MassUpdateKind, number> = {
  firmware: FIRMWARE_FLAGS.Application,
  booter: FIRMWARE_FLAGS.Booter,
};

export const MASS_UPDATE_TITLES: Record<MassUpdateKind, string> = {
  firmware: 'Mass Update Firmware',
  booter: 'Mass Update Booter',
};

/** Both selects' placeholder (spec 03 §2): '--' with value 0, "not chosen". */
const NONE: Option<number> = { value: 0, label: '--', placeholder: true };

export const customerOptions = (customers: readonly Pick<Customer, 'Id' | 'Name'>[]) => [
  NONE,
  ...customers.map((c) => ({ value: c.Id, label: c.Name })),
];

/**
 * The firmwares of the kind's flag, newest first as the library lists them. A version exists
 * per device type, so each names its type; an inactive one says so, and one without a file
 * (which no device could load) is shown but cannot be chosen.
 */
export const firmwareOptions = (firmwares: readonly Firmware[], kind: MassUpdateKind) => [
  NONE,
  ...firmwares
    .filter((f) => f.FirmwareFlag === MASS_UPDATE_FLAG[kind])
    .map((f) => ({
      value: f.Id,
      label: [
        f.Version,
        deviceTypeName(f.DeviceType),
        f.Active ? null : 'InActive',
        f.Filename === null ? 'no file' : null,
      ]
        .filter(Boolean)
        .join(' · '),
      disabled: f.Filename === null,
    })),
];
