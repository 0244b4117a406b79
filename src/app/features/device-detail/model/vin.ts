/**
 * A device's VIN comes from two places: the one it reports (its state, on the Information tab)
 * and the one it is configured with (the VIN setting, on the Settings tab). They may differ, and
 * the setting is often left empty while the device reports one; the labels say which is which.
 */
export const REPORTED_VIN_LABEL = 'VIN (reported)';
export const CONFIGURED_VIN_LABEL = 'VIN (configured)';

/** VIN '0' means the device does not know it: shown empty (spec 01 §2.6). */
export const shownVin = (vin: unknown): string =>
  typeof vin === 'string' && vin !== '0' ? vin.trim() : '';

/**
 * Under the configured VIN: what the device reports, where that is not what the field holds
 * (nothing when the device reports none).
 */
export function configuredVinHint(reported: unknown, configured: string): string | undefined {
  const vin = shownVin(reported);
  const setting = configured.trim();
  if (vin === '' || vin === setting) return undefined;
  return setting === '' ? `Not set. Device reports: ${vin}` : `Device reports: ${vin}`;
}
