import * as v from 'valibot';
import type { Device } from '../../../../shared/devices';
import {
  DeviceTestSettingsBodySchema,
  type DeviceTestSettings,
  type DeviceTestSettingsBody,
} from '../../../../shared/device-tests';

/** The configuration modal's choices; null is "none chosen". */
export interface TestSettingsForm {
  customerId: number | null;
  configurationGroupId: number | null;
  protocol: string | null;
}

/** Start from the IMEI's saved test settings, else from what the device has now. */
export function initialForm(
  device: Device,
  existing: DeviceTestSettings | undefined,
): TestSettingsForm {
  if (existing) {
    return {
      customerId: existing.CustomerId,
      configurationGroupId: existing.ConfigurationGroupId,
      protocol: existing.Protocol ?? existing.CanProtocol,
    };
  }
  return {
    customerId: device.CustomerId,
    configurationGroupId: device.ConfigurationGroupId,
    protocol: device.Protocol,
  };
}

export type FormErrors = Partial<Record<keyof DeviceTestSettingsBody, string>>;

/**
 * The body of POST/PUT devicetestsettings, checked by the shared schema (the server checks the
 * same). The protocol goes out under both of the spec's names.
 */
export function settingsBody(
  imei: string,
  form: TestSettingsForm,
  userId: number | null,
): { body: DeviceTestSettingsBody } | { errors: FormErrors } {
  const result = v.safeParse(DeviceTestSettingsBodySchema, {
    Imei: imei,
    CustomerId: form.customerId ?? 0,
    ConfigurationGroupId: form.configurationGroupId,
    Protocol: form.protocol,
    CanProtocol: form.protocol,
    UserId: userId,
  });
  if (result.success) return { body: result.output };
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(v.flatten(result.issues).nested ?? {})) {
    const message = messages?.[0];
    if (message) errors[field as keyof DeviceTestSettingsBody] = message;
  }
  return { errors };
}

export const settingsForImei = (all: readonly DeviceTestSettings[] | undefined, imei: string) =>
  all?.find((s) => s.Imei === imei);
