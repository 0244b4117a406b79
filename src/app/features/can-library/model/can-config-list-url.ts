import { listUrlSearch } from '@app/components/list/model';

/** Spec 03 "QTLibrary": the client-side search's filters, Protocol the default. */
export const CAN_CONFIG_FILTERS = ['Protocol', 'Brand', 'Name', 'Active'] as const;
export type CanConfigFilter = (typeof CAN_CONFIG_FILTERS)[number];

/** The search of /canprotocol in its URL (`?filter=Brand&q=volvo`), kept across a visit. */
export const canConfigListUrl = listUrlSearch(CAN_CONFIG_FILTERS);
