import {
  TACHO_RDL_ADDRESS_MAX,
  TACHO_RDL_ADDRESS_MIN,
  TACHO_RDL_ADDRESS_NONE,
} from '@shared/devices/device-settings';

/** 9999 means the RDL address does not apply: the field is disabled and reads N/A (spec 01 §5). */
export const isRdlAddressNotApplicable = (value: string | undefined): boolean =>
  value === TACHO_RDL_ADDRESS_NONE;

/**
 * TachoRDLAdress is clamped to 251–254 (spec 01 §5). Anything that is not a whole number is left
 * as typed, so the shared rule can say what is wrong with it.
 */
export function clampRdlAddress(value: string): string {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return value;
  const n = Number(text);
  return String(Math.min(TACHO_RDL_ADDRESS_MAX, Math.max(TACHO_RDL_ADDRESS_MIN, n)));
}
