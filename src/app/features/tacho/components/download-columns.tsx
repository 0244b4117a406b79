import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import type { TachoFileRow } from '@shared/tacho/tacho-lists';
import { formatListDate, type ListColumn } from '@app/components/list';
import {
  periodText,
  requestProgressView,
  validStateView,
} from '@app/features/tacho/model/tacho-display';
import { RequestProgress, ValidStateIcon } from './TachoCells';

type TachoRecord = Omit<TachoFileRow, 'Id'>;

/**
 * The record's columns (spec 03 §3) for the download lists and the overviews: fixed widths fit
 * identifiers and dates whole at 12 px (measured in Chromium); names and the file name share the
 * rest. The first of LicensePlate / Name heads the phone card, by kind. All columns need about
 * 1,470 px; where the table is narrower (issue 25: office screens from 1024 px, the overviews
 * beside their panel) the secondary identifiers give way (`priority`: VIN first, the subject's
 * own identifiers last), so the subject, the dates, ValidState and Request need no scrolling.
 */
export function recordColumns<T extends TachoRecord>(
  kind: TachoKind,
  withCustomer: boolean,
): ListColumn<T>[] {
  const vehicle = kind === TACHO_KINDS.vehicle;
  const columns: ListColumn<T>[] = [
    {
      id: 'plate',
      header: 'LicensePlate',
      width: 132,
      ...(!vehicle && { priority: 3 }),
      card: vehicle ? 'title' : 'field',
      sortable: true,
      text: (r) => r.LicensePlate,
    },
    {
      id: 'name',
      header: 'Name',
      minWidth: 96,
      ...(vehicle && { priority: 5 }),
      card: vehicle ? 'field' : 'title',
      sortable: true,
      text: (r) => r.Name,
    },
    {
      id: 'card',
      header: 'CardNumber',
      width: 148,
      // A driver's card is what a request asks for: it stays longer there.
      priority: vehicle ? 2 : 5,
      className: 'tabular-nums',
      sortable: true,
      text: (r) => r.CardNumber,
    },
    {
      id: 'imei',
      header: 'IMEI',
      width: 128,
      priority: vehicle ? 3 : 2,
      className: 'tabular-nums',
      sortable: true,
      text: (r) => r.IMEI,
    },
    { id: 'vin', header: 'VIN', width: 156, priority: 1, sortable: true, text: (r) => r.VIN },
  ];
  // A driver's screens lead with the driver.
  if (!vehicle) columns.splice(0, 2, columns[1] as ListColumn<T>, columns[0] as ListColumn<T>);
  if (withCustomer) {
    columns.unshift({
      id: 'customer',
      header: 'Customer',
      minWidth: 96,
      wrap: true,
      card: 'subtitle',
      sortable: true,
      text: (r) => r.Customer,
    });
  }
  return columns;
}

const dateColumn = <T extends TachoRecord>(
  id: string,
  header: string,
  pick: (r: T) => string,
  text: (iso: string) => string,
): ListColumn<T> => ({
  id,
  header,
  width: 124,
  className: 'tabular-nums',
  sortable: true,
  text: (r) => text(pick(r)),
  sortValue: (r) => pick(r),
});

/** FileName, Upload, From and To ('Unknown' for the unknown period). */
export const fileColumns = <T extends TachoRecord>(): ListColumn<T>[] => [
  {
    id: 'file',
    header: 'FileName',
    minWidth: 110,
    priority: 4,
    card: 'wide',
    sortable: true,
    text: (r) => r.FileName,
  },
  dateColumn('upload', 'Upload', (r) => r.TimeStampUpload, formatListDate),
  dateColumn('from', 'From', (r) => r.TimeStampFrom, periodText),
  dateColumn('to', 'To', (r) => r.TimeStampTo, periodText),
];

export const validStateColumn = <T extends TachoRecord>(): ListColumn<T> => ({
  id: 'valid',
  header: 'ValidState',
  width: 112,
  card: 'badge',
  sortable: true,
  text: (r) => validStateView(r.ValidState).label,
  sortValue: (r) => r.ValidState,
  cell: (r) => <ValidStateIcon state={r.ValidState} />,
});

export const requestColumn = <T extends TachoRecord>(): ListColumn<T> => ({
  id: 'request',
  header: 'Request',
  width: 120,
  card: 'wide',
  sortable: true,
  text: (r) => (r.Request ? requestProgressView(r.Request).title : null),
  sortValue: (r) => r.Request?.Created,
  cell: (r) => <RequestProgress request={r.Request} />,
});

/** Every column of a download list (spec 03 §2): the record, the file, its state and request. */
export const downloadColumns = (kind: TachoKind, withCustomer: boolean) => [
  ...recordColumns<TachoFileRow>(kind, withCustomer),
  ...fileColumns<TachoFileRow>(),
  validStateColumn<TachoFileRow>(),
  requestColumn<TachoFileRow>(),
];
