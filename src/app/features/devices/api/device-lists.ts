import {
  DEVICE_PAGE_SIZE,
  DEVICE_SEARCH_FILTERS,
  DevicePageSchema,
  type DeviceSearchFilter,
} from '@shared/devices/devices';
import { listPaths } from '@shared/api/list-resource';
import { serverListSource } from '@app/components/list/model';
import { deviceKeys } from './device-keys';

/**
 * The devices list (spec 02 "Devices page"): `GET devices/chunk/[{lastId}]`, `devices/customer/
 * {id}`, `devices/search/{filter}/{text}[/{customer}]` (those two continued with `?after=`) and the
 * count `devices/all/`, in pages of DEVICE_PAGE_SIZE ordered by Id.
 */
export const deviceList = serverListSource({
  key: deviceKeys.all,
  paths: listPaths('devices'),
  pageSize: DEVICE_PAGE_SIZE,
  page: DevicePageSchema,
  filters: DEVICE_SEARCH_FILTERS,
  rows: 'devices',
});

/** A device search on its own (the installation test's device finder shares the cache). */
export const searchDevicesInfiniteOptions = (
  filter: DeviceSearchFilter,
  text: string,
  customerId: number | null,
) => deviceList.options({ kind: 'search', filter, text, customerId });
