import { DEVICE_SEARCH_FILTERS, type DeviceSearchFilter } from '@shared/devices/devices-list';
import { listUrlSearch, type ListSearch } from '@app/components/list/model';

export type DeviceListSearch = ListSearch<DeviceSearchFilter>;

/**
 * The URL search of /devices (`?filter=SN&q=123&customer=4`), IMEI the default filter, so a
 * search survives a visit to a device and the back button.
 */
export const deviceListUrl = listUrlSearch(DEVICE_SEARCH_FILTERS, 'IMEI');
