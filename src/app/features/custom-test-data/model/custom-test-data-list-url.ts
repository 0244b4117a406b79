import { listUrlSearch } from '@app/components/list/model';

/** Spec 03 "Custom Test Data": the client-side search's filters, Customer the default. */
export const CUSTOM_TEST_DATA_FILTERS = ['Customer', 'FileName'] as const;
export type CustomTestDataFilter = (typeof CUSTOM_TEST_DATA_FILTERS)[number];

/** The search of /CustomTestDataPage in its URL (`?filter=FileName&q=trace`). */
export const customTestDataListUrl = listUrlSearch(CUSTOM_TEST_DATA_FILTERS);
