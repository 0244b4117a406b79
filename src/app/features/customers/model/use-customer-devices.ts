import { useMemo, useState } from 'react';
import {
  DEVICE_SEARCH_FILTERS,
  type Device,
  type DeviceSearchFilter,
} from '@shared/devices/devices';
import {
  listModeFor,
  useServerList,
  type ListController,
  type ListSearch,
  type SearchBinding,
} from '@app/components/list';
import { deviceList } from '@app/features/devices';

/** Searching a customer's devices by their customer would find them all: that filter goes. */
const FILTERS = DEVICE_SEARCH_FILTERS.filter((f) => f !== 'Customer');

/**
 * One customer's devices as a server list (`devices/customer/{id}`, and `devices/search/{filter}/
 * {text}/{id}` while a search is on), sharing the devices list's cache and keys. The customer
 * is fixed: clearing the search or Refresh keeps it, and only a text search counts as a filter.
 */
export function useCustomerDevices(customerId: number): ListController<Device, DeviceSearchFilter> {
  const [search, setSearch] = useState<ListSearch<DeviceSearchFilter>>({
    filter: 'IMEI',
    text: '',
    customerId,
  });
  const binding = useMemo<SearchBinding<DeviceSearchFilter>>(
    () => ({
      search: { ...search, customerId },
      onSearchChange: (next) => {
        setSearch({ ...next, customerId });
      },
    }),
    [search, customerId],
  );
  const list = useServerList(deviceList, binding);
  const searching = listModeFor(binding.search).kind === 'search';
  return {
    ...list,
    filters: FILTERS,
    filtered: searching,
    count: { ...list.count, filter: searching ? 'server' : 'none' },
  };
}
