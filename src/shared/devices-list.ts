/**
 * Limits of the devices list that client and server share. The bulk-change body schema
 * (`DeviceListBodySchema` in device-requests.ts) spells the same number; it should import it.
 */

/** Most IMEIs one `devices/customerconnection…` or `devices/configurationgroups…` call takes. */
export const MAX_DEVICES_PER_CHANGE = 5000;
