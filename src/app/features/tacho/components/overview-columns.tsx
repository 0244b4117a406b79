import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import type { TachoLatestRow } from '@shared/tacho/tacho-lists';
import { type ListColumn } from '@app/components/list';
import { daysLeftView, nextRdlText, periodText } from '@app/features/tacho/model/tacho-display';
import { recordColumns, validStateColumn } from './download-columns';
import { DaysLeft } from './TachoCells';

/** Days left sorts by the number; the unknown period last. */
const UNKNOWN_SORT = Number.MAX_SAFE_INTEGER;

/**
 * The overviews' columns (spec 03 §2, §4): the latest record of a vehicle or driver, its data
 * end, days left (negative in red, 'Unknown'), next RDL date and ValidState. The IMEI column
 * goes to those who see several customers in the Object Overview (spec 03 §6), and to nobody in
 * the Driver Overview (a driver is not one device); VIN only for vehicles.
 */
export function overviewColumns(
  kind: TachoKind,
  withCustomer: boolean,
  now: number,
): ListColumn<TachoLatestRow>[] {
  const vehicle = kind === TACHO_KINDS.vehicle;
  const record = recordColumns<TachoLatestRow>(kind, withCustomer)
    .filter((c) => (c.id !== 'imei' || (vehicle && withCustomer)) && (c.id !== 'vin' || vehicle))
    // Beside the side panel: names give way first so the dates and days stay whole; at 1024 px
    // the customer too (it comes back from 1280 px), leaving the subject and its days.
    .map((c) => (c.id === 'name' ? { ...c, minWidth: 88, ...(vehicle && { priority: 5 }) } : c))
    .map((c) => (c.id === 'customer' ? { ...c, priority: 6 } : c));
  return [
    ...record,
    {
      id: 'to',
      header: 'Data end',
      width: 124,
      className: 'tabular-nums',
      sortable: true,
      text: (r) => periodText(r.TimeStampTo),
      sortValue: (r) => r.TimeStampTo,
    },
    {
      id: 'daysLeft',
      header: 'Days left',
      width: 104,
      sortable: true,
      text: (r) => daysLeftView(kind, r.TimeStampTo, now).text,
      sortValue: (r) => daysLeftView(kind, r.TimeStampTo, now).days ?? UNKNOWN_SORT,
      cell: (r) => <DaysLeft kind={kind} periodTo={r.TimeStampTo} now={now} />,
    },
    {
      id: 'nextRdl',
      header: 'Next RDL',
      width: 124,
      className: 'tabular-nums',
      sortable: true,
      text: (r) => nextRdlText(kind, r.TimeStampTo),
      sortValue: (r) => r.TimeStampTo,
    },
    validStateColumn<TachoLatestRow>(),
  ];
}
