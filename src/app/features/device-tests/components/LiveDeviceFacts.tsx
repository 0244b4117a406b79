import type { ReactNode } from 'react';
import type { DeviceDetail } from '@shared/devices/devices';
import { formatListDate, orDash } from '@app/components/list';
import { InSync } from '@app/features/devices';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm font-medium text-slate-800">{children}</dd>
    </div>
  );
}

/** The device under test and its last known state, for the installer's orientation. */
export function LiveDeviceFacts({
  device,
  newestMessageAt,
}: {
  device: DeviceDetail;
  /** Of the newest raw message seen live, which may be later than the loaded state. */
  newestMessageAt: string | null;
}) {
  const known = device.State.LastMsg ?? device.LastMsg;
  const lastMsg =
    known !== null && (newestMessageAt === null || known > newestMessageAt)
      ? known
      : newestMessageAt;
  return (
    <section
      aria-label="Device"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4 lg:grid-cols-8">
        <Fact label="Id">{device.Id}</Fact>
        <Fact label="SN">{orDash(device.SN)}</Fact>
        <Fact label="Hardware">{orDash(device.Hardware)}</Fact>
        <Fact label="Customer">{orDash(device.Customer)}</Fact>
        <Fact label="ConfigurationGroup">{orDash(device.ConfigurationGroup)}</Fact>
        <Fact label="Protocol">{orDash(device.Protocol)}</Fact>
        <Fact label="LastMsg">{orDash(formatListDate(lastMsg))}</Fact>
        <Fact label="InSync">
          <InSync inSync={device.InSync} />
        </Fact>
      </dl>
    </section>
  );
}
