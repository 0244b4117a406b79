import { listUrlSearch } from '@app/components/list/model';

/** Spec 03 "Firmware": the client-side search's filters, Version the default. */
export const FIRMWARE_FILTERS = ['Version', 'Filename', 'Release', 'Created', 'Active'] as const;
export type FirmwareFilter = (typeof FIRMWARE_FILTERS)[number];

/** The search of /firmware in its URL (`?filter=Release&q=test`), kept across a visit. */
export const firmwareListUrl = listUrlSearch(FIRMWARE_FILTERS);
