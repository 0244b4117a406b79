import type { ReactNode } from 'react';
import type { Device } from '@shared/devices/devices';
import { Button } from '@app/components/ui/Button';
import { formatListDate, orDash } from '@app/components/list';
import { InSync } from '@app/features/devices';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/**
 * A device the search found (spec 03 §3 "Device (installation test)"), with Run test unless the
 * caller may not run tests (no `onChoose`).
 */
export function MatchCard({
  device,
  onChoose,
}: {
  device: Device;
  onChoose?: (d: Device) => void;
}) {
  return (
    <article
      aria-label={device.IMEI}
      className="flex flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-base font-semibold break-all text-slate-900">
            {device.IMEI}
          </p>
          <p className="truncate text-sm text-slate-600">{device.Customer ?? 'No customer'}</p>
        </div>
        <span className="shrink-0 text-xs text-slate-500">Id {device.Id}</span>
      </header>
      <dl className="mt-3 grid flex-1 grid-cols-2 gap-x-4 gap-y-2">
        <Fact label="SN">{orDash(device.SN)}</Fact>
        <Fact label="Hardware">{orDash(device.Hardware)}</Fact>
        <Fact label="LastMsg">{orDash(formatListDate(device.LastMsg))}</Fact>
        <Fact label="InSync">
          <InSync inSync={device.InSync} />
        </Fact>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-500">ConfigurationGroup</dt>
          <dd className="truncate text-sm text-slate-800">{orDash(device.ConfigurationGroup)}</dd>
        </div>
      </dl>
      {onChoose && (
        <Button
          size="lg"
          className="mt-4 w-full sm:h-10 sm:text-sm"
          onClick={() => {
            onChoose(device);
          }}
        >
          Run test
        </Button>
      )}
    </article>
  );
}
