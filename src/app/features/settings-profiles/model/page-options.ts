import { EMPTY_GUID, deviceTypeName, FIRMWARE_FLAGS } from '@shared/devices/constants';
import type { Endpoint } from '@shared/forwards/endpoints';
import type { Firmware } from '@shared/libraries/firmware-library';
import {
  NO_FIRMWARE_SYNC,
  NO_FIRMWARE_SYNC_LABEL,
  PROFILE_CHOICES,
  type ProfileChoice,
  type ProfileInterval,
} from '@shared/settings-profiles/settings-profile-fields';
import type { Option } from '@app/components/form';

/** Page 1's select labels as spec 03 §2 writes them. */
export const CHOICE_LABELS: Record<ProfileChoice, string> = {
  output1Behaviour: 'Output1Behaviour',
  output2Behaviour: 'Output2Behaviour',
  output3Behaviour: 'Output3Behaviour',
  CAN4Purpose: 'CAN4Purpose',
  analogInputFunction: 'AnalogInputFunction',
};

/** Page 1's numeric fields as spec 03 §2 writes them (all seconds). */
export const INTERVAL_LABELS: Record<ProfileInterval, string> = {
  standbyMessageInterval: 'StandbyMessageInterval',
  timedMessageInterval: 'TimedMessageInterval',
  iButtonClearInterval: 'iButtonClearInterval',
  chargingMessageInterval: 'ChargingMessageInterval',
};

/** A select's options from the shared value → label table (OFF=0, DriverID=1, …). */
export const choiceOptions = (name: ProfileChoice): Option<number>[] =>
  Object.entries(PROFILE_CHOICES[name][1]).map(([value, label]) => ({
    value: Number(value),
    label,
  }));

/**
 * Firmware (flag 2, application) or Booter (flag 1) choices: 'No firmware sync' (0), then the
 * active ones of that flag by version and device type; the chosen one stays listed even when
 * switched off since, so an edit shows it.
 */
export function firmwareOptions(
  firmwares: readonly Firmware[],
  flag: (typeof FIRMWARE_FLAGS)[keyof typeof FIRMWARE_FLAGS],
  chosen: number,
): Option<number>[] {
  return [
    { value: NO_FIRMWARE_SYNC, label: NO_FIRMWARE_SYNC_LABEL },
    ...firmwares
      .filter((f) => f.FirmwareFlag === flag && (f.Active || f.Id === chosen))
      .map((f) => ({
        value: f.Id,
        label: `${f.Version} – ${deviceTypeName(f.DeviceType)}${f.Active ? '' : ' (inactive)'}`,
      })),
  ];
}

/**
 * A message's endpoint choices: '--' (none, the empty GUID), then the endpoints a profile of
 * this customer may use: the shared ones, and the customer's (a shared profile: shared only).
 * The chosen one stays listed by name after the customer changed (the server then says why).
 */
export function endpointOptions(
  endpoints: readonly Endpoint[],
  customerId: number | null,
  chosen: string,
): Option[] {
  return [
    { value: EMPTY_GUID, label: '--' },
    ...endpoints
      .filter((e) => e.CustomerId === null || e.CustomerId === customerId || e.Id === chosen)
      .map((e) => ({ value: e.Id, label: `${e.Name} – ${e.URL}` })),
  ];
}
