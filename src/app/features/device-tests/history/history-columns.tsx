import type { DeviceTestResult } from '@shared/devices/device-tests';
import { formatListDate, type ListColumn } from '@app/components/list';
import { ResultBadge } from '@app/features/device-tests/components/item-state';

/** The overview's columns (spec 03 §2); on a phone the IMEI heads the card, the result beside it. */
export const historyColumns: readonly ListColumn<DeviceTestResult>[] = [
  {
    id: 'timeStamp',
    header: 'TimeStamp',
    width: 132,
    className: 'tabular-nums',
    text: (r) => formatListDate(r.TimeStamp),
    sortValue: (r) => r.TimeStamp,
  },
  { id: 'customer', header: 'Customer', card: 'subtitle', text: (r) => r.CustomerName },
  {
    id: 'imei',
    header: 'IMEI',
    width: 140,
    card: 'title',
    className: 'font-mono',
    text: (r) => r.IMEI,
  },
  { id: 'user', header: 'User', text: (r) => r.UserEmail },
  {
    id: 'testResult',
    header: 'TestResult',
    width: 120,
    card: 'badge',
    text: (r) => r.TestResult,
    cell: (r) => <ResultBadge result={r.TestResult} />,
  },
];
