import type { DeviceTestResult } from '@shared/devices/device-tests';
import {
  ListPage,
  usePagedClientList,
  type ExpandOptions,
  type SearchBinding,
} from '@app/components/list';
import { deviceTestsInfiniteOptions } from '@app/features/device-tests/api/device-tests';
import {
  HISTORY_SEARCH_FIELDS,
  historyTexts,
} from '@app/features/device-tests/model/history-search';
import { historyColumns } from './history-columns';
import type { HistoryFilter } from './history-url';
import { ResultDetails } from './ResultDetails';

const FIELDS = { Any: historyTexts };
const NOUN = { one: 'device test', many: 'device tests' };
const EMPTY = {
  title: 'No device tests found',
  text: 'Tests appear here once an installation test has finished.',
  filteredText: 'No test matches this search.',
};
const testKey = (r: DeviceTestResult) => r.Id;
const details: ExpandOptions<DeviceTestResult> = {
  render: (r) => <ResultDetails result={r} />,
  label: (r, open) => `${open ? 'Hide' : 'Show'} details of the test of ${r.IMEI}`,
  id: (r) => `test-${String(r.Id)}`,
};

/**
 * /devicetests: the stored installation tests, newest first, searched in the browser over every
 * loaded page (all of them load while a search is on), each expandable (spec 03 §2).
 */
export function DeviceTestsPage(binding: SearchBinding<HistoryFilter>) {
  const list = usePagedClientList(deviceTestsInfiniteOptions(), { ...binding, fields: FIELDS });
  return (
    <ListPage
      title="Device Tests Overview"
      description="Every finished installation test, newest first."
      list={list}
      columns={historyColumns}
      rowKey={testKey}
      noun={NOUN}
      empty={EMPTY}
      placeholder={HISTORY_SEARCH_FIELDS.join(', ')}
      expand={details}
    />
  );
}
