import { listUrlSearch } from '@app/components/list/model';

/** One search over every field the spec names (spec 03 §2), so the bar has no filter select. */
export const HISTORY_FILTERS = ['Any'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

/** The overview's search in its URL (`/devicetests?q=vega`), kept across a visit to a test. */
export const historyUrl = listUrlSearch(HISTORY_FILTERS);
