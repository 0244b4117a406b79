import { and, eq, type SQL } from 'drizzle-orm';
import {
  DEVICE_SEARCH_FILTERS,
  DevicePageSchema,
  type Device,
  type DeviceSearchFilter,
} from '@shared/devices/devices';
import type { DbOrTx } from '@server/db/client';
import { devices } from '@server/db/schema';
import type { ListResource } from '@server/http/list-resource';
import { toDevice } from './device-dto';
import { countDevices, listDevices, searchCondition } from './repository';

/**
 * The devices list (`devices/`, `devices/chunk…`, `devices/all/`, `devices/search/…`,
 * `devices/customer/…`) on the shared list resource, with its own page query: searches look
 * their text up first and pages are read in two phases (repository.ts, docs/decisions/009).
 */
export function deviceList(db: DbOrTx): ListResource<Device, DeviceSearchFilter> {
  return {
    base: 'devices',
    access: 'devices.read',
    tags: ['devices'],
    idKind: 'device',
    filters: DEVICE_SEARCH_FILTERS,
    page: DevicePageSchema,
    source: {
      async page({ scope, after, customerId, search }) {
        let matches: SQL | undefined;
        if (search) {
          const condition = await searchCondition(db, search.filter, search.text);
          if (!condition) return [];
          matches = condition;
        }
        const ofCustomer =
          customerId === undefined ? undefined : eq(devices.customerId, customerId);
        return (await listDevices(db, scope, and(matches, ofCustomer), after)).map(toDevice);
      },
      count: (scope) => countDevices(db, scope),
    },
  };
}
