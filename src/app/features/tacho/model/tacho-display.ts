import {
  isUnknownPeriod,
  tachoDaysLeft,
  tachoNextRdl,
  validStateClass,
  type TachoKind,
  type TachoRequestProgress,
  type ValidStateClass,
} from '@shared/tacho/tacho';
import type { TachoRequestState } from '@shared/tacho/tacho-lists';
import { formatListDate, formatListDay } from '@app/components/list/table';

/** Spec 03 §3: the unknown period (1990-01-01) reads 'Unknown'. */
export const UNKNOWN = 'Unknown';

/** From or To of a record: DD-MM-YYYY HH:mm, or 'Unknown' for the unknown period. */
export const periodText = (iso: string): string =>
  isUnknownPeriod(iso) ? UNKNOWN : formatListDate(iso);

/** The day alone (DD-MM-YYYY), where there is no room for the time (the side panel). */
export const periodDays = (iso: string): string =>
  isUnknownPeriod(iso) ? UNKNOWN : formatListDay(iso);

export interface DaysLeftView {
  /** The number of days, or 'Unknown'. */
  text: string;
  /** Null for the unknown period (sorts last). */
  days: number | null;
  /** Past due: shown in red (spec 03 §4), also during the first day, which reads 0. */
  overdue: boolean;
  /** The tooltip of an overdue value: how long it has been overdue. */
  title: string | undefined;
}

const overdueTitle = (days: number) =>
  days === 0
    ? 'Overdue since less than a day'
    : `Overdue by ${String(-days)} ${days === -1 ? 'day' : 'days'}`;

/** Days left of a vehicle's or driver's latest download (spec 03 §4), as the overviews show it. */
export function daysLeftView(kind: TachoKind, periodTo: string, now: number): DaysLeftView {
  const left = tachoDaysLeft(kind, periodTo, now);
  if (left === null) return { text: UNKNOWN, days: null, overdue: false, title: undefined };
  return {
    text: String(left.days),
    days: left.days,
    overdue: left.overdue,
    title: left.overdue ? overdueTitle(left.days) : undefined,
  };
}

/** Next RDL date (spec 03 §4): DD-MM-YYYY HH:mm, or 'Unknown'. */
export function nextRdlText(kind: TachoKind, periodTo: string): string {
  const next = tachoNextRdl(kind, periodTo);
  return next === null ? UNKNOWN : formatListDate(next);
}

/** The ValidState icons' meanings (spec 03 §4), the accessible label and the tooltip. */
export const VALID_STATE_LABELS: Record<ValidStateClass, string> = {
  ok: 'Valid',
  notOk: 'Not valid',
  interimOk: 'Interim valid',
  interimNotOk: 'Interim not valid',
  unknown: 'Unknown state',
};

export function validStateView(state: number): { kind: ValidStateClass; label: string } {
  const kind = validStateClass(state);
  return { kind, label: `${VALID_STATE_LABELS[kind]} (ValidState ${String(state)})` };
}

const PROGRESS_LABELS: Record<TachoRequestProgress, string> = {
  requested: 'Requested',
  sent: 'Sent',
  received: 'File received',
};
/** The steps of a remote download request, in order (issue 12 item 4). */
export const PROGRESS_STEPS: readonly TachoRequestProgress[] = ['requested', 'sent', 'received'];

/** 'Sent · 12-03-2025 10:15' (who asked in the tooltip): the row's request progress. */
export function requestProgressView(request: TachoRequestState): {
  label: string;
  time: string;
  step: number;
  title: string;
} {
  const time = formatListDate(request.Created);
  const by = request.RequestedBy === 'scheduler' ? 'by the portal (due soon)' : 'by a user';
  return {
    label: PROGRESS_LABELS[request.Progress],
    time,
    step: PROGRESS_STEPS.indexOf(request.Progress),
    title: `Remote download requested ${by} on ${time}: ${PROGRESS_LABELS[request.Progress].toLowerCase()}`,
  };
}
