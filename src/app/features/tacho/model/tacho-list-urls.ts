import {
  TACHO_DRIVER_DOWNLOAD_FILTERS,
  TACHO_DRIVER_OVERVIEW_FILTERS,
  TACHO_MASS_DOWNLOAD_FILTERS,
  TACHO_OBJECT_OVERVIEW_FILTERS,
} from '@shared/tacho/tacho-lists';
import { listUrlSearch } from '@app/components/list/model';

/**
 * The searches of the four tacho lists in their URLs (`?filter=VIN&q=WDB`), the spec's first
 * filter the default. Light (no valibot schemas of rows): the route files' search schemas sit in
 * the sign-in page's entry bundle.
 */
export const massDownloadUrl = listUrlSearch(TACHO_MASS_DOWNLOAD_FILTERS);
export const driverDownloadUrl = listUrlSearch(TACHO_DRIVER_DOWNLOAD_FILTERS);
export const objectOverviewUrl = listUrlSearch(TACHO_OBJECT_OVERVIEW_FILTERS);
export const driverOverviewUrl = listUrlSearch(TACHO_DRIVER_OVERVIEW_FILTERS);
