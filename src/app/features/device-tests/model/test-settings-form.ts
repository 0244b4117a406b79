import * as v from 'valibot';
import type { Device } from '@shared/devices/devices';
import type { CanConfig } from '@shared/libraries/libraries';
import { isOldCanDevice, protocolOptions } from '@app/features/device-detail';
import {
  DeviceTestSettingsBodySchema,
  type DeviceTestSettings,
  type DeviceTestSettingsBody,
} from '@shared/devices/device-tests';

/**
 * The configuration modal's values: the body of POST/PUT devicetestsettings, checked by its
 * shared schema (the server checks the same). No customer chosen is undefined, which the schema
 * answers with 'Customer is Required'.
 */
export type TestSettingsValues = v.InferInput<typeof DeviceTestSettingsBodySchema>;

/** Start from the IMEI's saved test settings, else from what the device has now. */
export function initialValues(
  device: Device,
  existing: DeviceTestSettings | undefined,
  userId: number | null,
): TestSettingsValues {
  // An old-CAN device keeps its protocol, whatever was saved for an earlier test.
  const saved = isOldCanDevice(device) ? null : (existing?.Protocol ?? existing?.CanProtocol);
  const protocol = saved ?? device.Protocol;
  return {
    Imei: device.IMEI,
    CustomerId: (existing ? existing.CustomerId : device.CustomerId) ?? undefined,
    ConfigurationGroupId: existing ? existing.ConfigurationGroupId : device.ConfigurationGroupId,
    Protocol: protocol,
    CanProtocol: protocol,
    UserId: userId,
  };
}

/** The body to send: the protocol goes out under both of the spec's names. */
export const settingsBody = (values: TestSettingsValues): DeviceTestSettingsBody =>
  v.parse(DeviceTestSettingsBodySchema, { ...values, CanProtocol: values.Protocol });

export const settingsForImei = (all: readonly DeviceTestSettings[] | undefined, imei: string) =>
  all?.find((s) => s.Imei === imei);

export const NO_PROTOCOL_LABEL = 'No CAN protocol';

/**
 * The CAN protocol choices by the device page's rule: the library's protocols of the device
 * type (the current one kept), locked on old-CAN devices. The server refuses the same.
 */
export function protocolChoices(
  library: readonly CanConfig[],
  device: Device,
  current: string | null,
): { options: { value: string | null; label: string }[]; locked: boolean } {
  const listed = protocolOptions(library, device.DeviceType, current);
  return {
    options: current === null ? [{ value: null, label: NO_PROTOCOL_LABEL }, ...listed] : listed,
    locked: isOldCanDevice(device),
  };
}
