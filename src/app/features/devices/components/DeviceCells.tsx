import type { Device } from '@shared/devices/devices';
import { formatListDate, formatListDay } from '@app/components/list/table';
import { useNow } from '@app/lib/use-now';
import { DEFAULT_RTD_INTERVAL_DAYS, lastDownloadStatus } from '@app/features/devices/last-download';

const downloadTone = {
  none: 'text-amber-800',
  overdue: 'text-rose-700',
  recent: 'text-emerald-700',
} as const;

/** Last Download (spec 02 "Devices page"): 'No Download' in warning colour, else red or green. */
export function LastDownload({ device }: { device: Device }) {
  // The colour depends on the age of a download; a minute is precise enough.
  const now = useNow(60_000);
  const status = lastDownloadStatus(device.LastDownload, device.RTDInterval, now);
  // The day is what the colour rule counts in; the time is in the tooltip.
  const label = status.kind === 'none' ? 'No Download' : formatListDay(status.at);
  const meaning =
    status.kind === 'none'
      ? 'No download recorded'
      : `${formatListDate(status.at)}: ${
          status.kind === 'overdue'
            ? `older than ${String(device.RTDInterval ?? DEFAULT_RTD_INTERVAL_DAYS)} days`
            : 'within the download interval'
        }`;
  return (
    <span
      data-status={status.kind}
      title={meaning}
      className={`font-medium tabular-nums ${downloadTone[status.kind]}`}
    >
      {label}
    </span>
  );
}

export function InSync({ inSync }: { inSync: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${inSync ? 'bg-emerald-500' : 'bg-amber-500'}`}
      />
      {inSync ? 'Yes' : 'No'}
    </span>
  );
}
