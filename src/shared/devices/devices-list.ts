/**
 * Constants of the devices list that client and server share, without schemas (the route's search
 * schema in the client's entry bundle needs the filters only). The bulk-change limit: the bulk-change body schema
 * (`DeviceListBodySchema`) enforces it, and the devices page splits larger changes into calls of
 * this size.
 */

/** Most IMEIs one `devices/customerconnection…` or `devices/configurationgroups…` call takes. */
export const MAX_DEVICES_PER_CHANGE = 5000;

/** The devices list's search filters (spec 02 §4), IMEI the default. */
export const DEVICE_SEARCH_FILTERS = [
  'IMEI',
  'SN',
  'Customer',
  'ConfigurationGroup',
  'ICCID',
  'Firmware',
  'DeviceName',
  'Protocol',
  'ProtocolName',
] as const;
export type DeviceSearchFilter = (typeof DEVICE_SEARCH_FILTERS)[number];
