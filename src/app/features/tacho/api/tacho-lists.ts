import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import type { ListPaths } from '@shared/api/list-paths';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import {
  TACHO_DRIVER_DOWNLOAD_FILTERS,
  TACHO_DRIVER_OVERVIEW_FILTERS,
  TACHO_MASS_DOWNLOAD_FILTERS,
  TACHO_OBJECT_OVERVIEW_FILTERS,
  TACHO_PAGE_SIZE,
} from '@shared/tacho/tacho-lists';
import { TachoFilePageSchema, TachoLatestPageSchema } from '@shared/tacho/tacho-schemas';
import { serverListSource } from '@app/components/list/model';
import { tachoKeys } from './tacho-keys';

/** The list calls of `rtddata/` (downloads) for one kind: every path carries `type={kind}`. */
const filePaths = (kind: TachoKind): ListPaths => ({
  first: tachoApiPaths.tachoFiles(kind),
  chunk: (lastId) => tachoApiPaths.tachoFilesChunk(kind, lastId ?? undefined),
  count: tachoApiPaths.tachoFilesCount(kind),
  search: (filter, text, customer, after) =>
    tachoApiPaths.tachoFilesSearch(kind, filter, text, customer, after ?? undefined),
  ofCustomer: (customerId, after) => tachoApiPaths.tachoFilesOfCustomer(kind, customerId, after),
});

/** The same under `rtddata/latest/` (the overviews' rows). */
const latestPaths = (kind: TachoKind): ListPaths => ({
  first: tachoApiPaths.tachoLatest(kind),
  chunk: (lastId) => tachoApiPaths.tachoLatestChunk(kind, lastId ?? undefined),
  count: tachoApiPaths.tachoLatestCount(kind),
  search: (filter, text, customer, after) =>
    tachoApiPaths.tachoLatestSearch(kind, filter, text, customer, after ?? undefined),
  ofCustomer: (customerId, after) => tachoApiPaths.tachoLatestOfCustomer(kind, customerId, after),
});

/**
 * Tacho MassMemory Download (spec 03 §2, §7): `GET rtddata/?type=1`, `…/chunk/{lastId}`,
 * `…/search/{field}/{value}[/{customer}]`, `…/customer/{id}` and the count `…/all/`, newest
 * first in pages of 50.
 */
export const massDownloadList = serverListSource({
  key: tachoKeys.files(TACHO_KINDS.vehicle),
  paths: filePaths(TACHO_KINDS.vehicle),
  pageSize: TACHO_PAGE_SIZE,
  page: TachoFilePageSchema,
  filters: TACHO_MASS_DOWNLOAD_FILTERS,
  rows: 'mass memory downloads',
});

/** Tacho DriverCard Download: the same calls with `type=2`. */
export const driverDownloadList = serverListSource({
  key: tachoKeys.files(TACHO_KINDS.driver),
  paths: filePaths(TACHO_KINDS.driver),
  pageSize: TACHO_PAGE_SIZE,
  page: TachoFilePageSchema,
  filters: TACHO_DRIVER_DOWNLOAD_FILTERS,
  rows: 'driver card downloads',
});

/** Object Overview: the latest record per licence plate (`rtddata/latest/…?type=1`). */
export const objectOverviewList = serverListSource({
  key: tachoKeys.latest(TACHO_KINDS.vehicle),
  paths: latestPaths(TACHO_KINDS.vehicle),
  pageSize: TACHO_PAGE_SIZE,
  page: TachoLatestPageSchema,
  filters: TACHO_OBJECT_OVERVIEW_FILTERS,
  rows: 'vehicles',
});

/** Driver Overview: the latest record per driver name (`rtddata/latest/…?type=2`). */
export const driverOverviewList = serverListSource({
  key: tachoKeys.latest(TACHO_KINDS.driver),
  paths: latestPaths(TACHO_KINDS.driver),
  pageSize: TACHO_PAGE_SIZE,
  page: TachoLatestPageSchema,
  filters: TACHO_DRIVER_OVERVIEW_FILTERS,
  rows: 'drivers',
});
