/**
 * Limits of the devices list that client and server share: the bulk-change body schema
 * (`DeviceListBodySchema`) enforces it, and the devices page splits larger changes into calls of
 * this size.
 */

/** Most IMEIs one `devices/customerconnection…` or `devices/configurationgroups…` call takes. */
export const MAX_DEVICES_PER_CHANGE = 5000;
