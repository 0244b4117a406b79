import type { ReactNode } from 'react';
import type { DeviceTestResult } from '@shared/devices/device-tests';
import { orDash } from '@app/components/list';
import { ValidFlag } from '@app/features/device-tests/components/item-state';

/** The checks of a stored test, in the order the live page shows its items. */
const FLAGS: [label: string, pick: (r: DeviceTestResult) => boolean][] = [
  ['Connection', (r) => r.ValidConnection],
  ['Timestamp', (r) => r.ValidTimeStamp],
  ['Ignition', (r) => r.ValidIGNState],
  ['Position', (r) => r.ValidPosition],
  ['Odometer', (r) => r.ValidOdo],
  ['VIN', (r) => r.ValidVIN],
  ['iButton', (r) => r.ValidIbutton],
  ['IO1', (r) => r.ValidIO1State],
];

const text = (value: string | number | null) => orDash(value === null ? null : String(value));
const yesNo = (value: boolean | null) => (value === null ? '–' : value ? 'Yes' : 'No');

function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm break-all text-slate-800">{children}</dd>
    </div>
  );
}

/** Every field of a result (spec 03 §3): the valid flags as ok / not ok, then the values read. */
export function ResultDetails({ result }: { result: DeviceTestResult }) {
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <div>
        <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Checks
        </h4>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
          {FLAGS.map(([label, pick]) => (
            <Entry key={label} label={label}>
              <ValidFlag valid={pick(result)} />
            </Entry>
          ))}
        </dl>
      </div>
      <div>
        <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Values
        </h4>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          <Entry label="LAT">{text(result.LAT)}</Entry>
          <Entry label="LON">{text(result.LON)}</Entry>
          <Entry label="SatCount">{text(result.SatCount)}</Entry>
          <Entry label="Odo">{text(result.Odo)}</Entry>
          <Entry label="VIN">{text(result.VIN)}</Entry>
          <Entry label="IbuttonActive">{yesNo(result.IbuttonActive)}</Entry>
          <Entry label="Ibutton">{text(result.Ibutton)}</Entry>
          <Entry label="PrivateSwitchActive">{yesNo(result.PrivateSwitchActive)}</Entry>
          <Entry label="Id">{result.Id}</Entry>
        </dl>
      </div>
    </div>
  );
}
