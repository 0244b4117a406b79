import { TACHO_KINDS, tachoDaysLeft, tachoNextRdl, validStateClass } from '@shared/tacho/tacho';
import type { DeviceTacho } from '@shared/tacho/tacho-requests';
import { formatDate } from './format';
import { dayjs } from '@app/lib/dayjs';

export type TachoTone = 'ok' | 'danger' | 'warning' | 'muted';

export interface TachoFact {
  label: string;
  value: string;
  tone: TachoTone;
}

const PROGRESS_TEXT = {
  requested: 'Requested',
  sent: 'Sent to the device',
  received: 'File received',
} as const;

/** 'Sent to the device · 01-06-2025 14:03 (scheduler)': its progress, when and who asked. */
function requestText(request: NonNullable<DeviceTacho['Request']>): string {
  const when = dayjs(request.Created).format('DD-MM-YYYY HH:mm');
  const who = request.RequestedBy === 'scheduler' ? ' (scheduler)' : '';
  return `${PROGRESS_TEXT[request.Progress]} · ${when}${who}`;
}

/**
 * The device page's tacho facts (issue 12 item 7): the vehicle's last download, days left before
 * it is overdue (negative in red, 'Unknown' for the unknown period), the next remote download
 * date, and the latest request's progress. No download at all is 'No Download' (warning), as
 * the devices list's Last Download cell says.
 */
export function tachoFacts(tacho: DeviceTacho, now: number = Date.now()): TachoFact[] {
  const latest = tacho.Latest;
  const facts: TachoFact[] = [];
  if (!latest) {
    facts.push({ label: 'Last download', value: 'No Download', tone: 'warning' });
  } else {
    const daysLeft = tachoDaysLeft(TACHO_KINDS.vehicle, latest.PeriodTo, now);
    const nextRdl = tachoNextRdl(TACHO_KINDS.vehicle, latest.PeriodTo);
    const valid = validStateClass(latest.ValidState);
    facts.push(
      {
        label: 'Last download',
        value: dayjs(latest.Uploaded).format('DD-MM-YYYY HH:mm'),
        tone: valid === 'notOk' || valid === 'interimNotOk' ? 'warning' : 'muted',
      },
      { label: 'Licence plate', value: latest.LicensePlate ?? '', tone: 'muted' },
      {
        label: 'Days left',
        value: daysLeft === null ? 'Unknown' : String(daysLeft.days),
        tone: daysLeft === null ? 'warning' : daysLeft.overdue ? 'danger' : 'ok',
      },
      {
        label: 'Next RDL',
        value: nextRdl === null ? 'Unknown' : formatDate(nextRdl),
        tone: nextRdl !== null && Date.parse(nextRdl) < now ? 'danger' : 'muted',
      },
    );
  }
  facts.push({
    label: 'Remote download',
    value: tacho.Request ? requestText(tacho.Request) : 'None requested',
    tone: 'muted',
  });
  return facts;
}
