import type { DeviceDetail } from '@shared/devices/devices';
import { Card } from '@app/components/ui/Card';
import { yesNo } from '@app/features/device-detail/model/format';
import { REPORTED_VIN_LABEL, shownVin } from '@app/features/device-detail/model/vin';

interface Fact {
  label: string;
  value: string;
  /** Shown, greyed, in place of an empty value. */
  placeholder?: string;
}

export function deviceFacts(device: DeviceDetail): Fact[] {
  const current = device.CurrentConfig;
  return [
    { label: 'IMEI', value: device.IMEI },
    { label: 'Serial Number', value: device.SN ?? '' },
    { label: 'Hardware', value: [device.DeviceName, device.Hardware].filter(Boolean).join(' ') },
    // What the device reports; the Settings tab has the VIN it is configured with.
    { label: REPORTED_VIN_LABEL, value: shownVin(device.State.VIN) },
    { label: 'ICCID', value: device.ICCID ?? '' },
    // The API has no GSM number yet; the field keeps its place with the spec's placeholder.
    { label: 'GSM Number', value: '', placeholder: 'N/A' },
    { label: 'APN', value: current.APN ?? device.APN ?? '' },
    { label: 'GPS/ModemVersion', value: current.ModemVersion ?? '' },
    { label: 'Config in sync', value: yesNo(device.InSync) },
    { label: 'Booter version', value: current.BooterVersion ?? device.BooterVersion ?? '' },
    { label: 'Application version', value: String(current.applicationVersion) },
  ];
}

/**
 * The read-only facts: label and value on one line on phones (short to scan in a cab), a
 * three-column grid on wide screens. Values can be selected and copied.
 */
export function DeviceFacts({ device }: { device: DeviceDetail }) {
  return (
    <Card title="Device">
      <dl className="divide-y divide-slate-100 text-sm sm:grid sm:grid-cols-2 sm:gap-x-6 sm:gap-y-4 sm:divide-y-0 xl:grid-cols-3">
        {deviceFacts(device).map((fact) => (
          <div
            key={fact.label}
            className="flex items-baseline justify-between gap-4 py-2 first:pt-0 sm:block sm:py-0"
          >
            <dt className="shrink-0 text-slate-500 sm:text-xs sm:font-semibold">{fact.label}</dt>
            <dd className="min-w-0 text-right font-medium break-all text-slate-900 sm:mt-1 sm:text-left">
              {fact.value || <span className="font-normal text-slate-500">{fact.placeholder}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
