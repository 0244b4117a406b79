import { useQuery } from '@tanstack/react-query';
import type { DeviceDetail } from '@shared/devices/devices';
import { Button } from '@app/components/ui/Button';
import { Card } from '@app/components/ui/Card';
import { canConfigsQueryOptions } from '@app/features/device-detail/api/lookups';
import { appliedHint } from '@app/features/device-detail/model/applied';
import { configValues } from '@app/features/device-detail/model/config-values';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import { InputField } from '@app/components/form';

/** The CAN config fields of spec 01 §3, as the device reports them. */
export const CAN_FIELDS = [
  { name: 'CanStatus', label: 'CAN status' },
  { name: 'CAN1baudrate', label: 'CAN1 baudrate' },
  { name: 'CAN1mode', label: 'CAN1 mode' },
  { name: 'CAN2baudrate', label: 'CAN2 baudrate' },
  { name: 'CAN2mode', label: 'CAN2 mode' },
  { name: 'Speedcalibrationvalue', label: 'Speed calibration value' },
  { name: 'Fuelcalibrationvalue', label: 'Fuel calibration value' },
  { name: 'PTOstatus', label: 'PTO status' },
] as const;

/**
 * CAN Config (applicationVersion 0 only): the eight CAN values, read-only. The product's Save
 * is always disabled (spec 01 §2.6); it stays visible, disabled, so the screen matches the others.
 */
export function CanConfigTab({ device }: { device: DeviceDetail }) {
  const { canWrite } = useDevicePermissions();
  const library = useQuery(canConfigsQueryOptions());
  const pending = configValues(device.NewConfig);
  const applied = configValues(device.CurrentConfig);
  const code = device.CurrentConfig.ProtocolCode;
  const protocol = library.data?.find(
    (entry) => entry.Protocol === code && entry.DeviceType === device.DeviceType,
  );

  return (
    <div className="space-y-4">
      <Card title="CAN protocol">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
          {[
            ['Protocol', code ?? '—'],
            ['Brand', protocol?.Brand ?? '—'],
            ['Name', protocol?.Name ?? '—'],
            ['DeviceType', String(device.DeviceType)],
          ].map(([term, value]) => (
            <div key={term}>
              <dt className="text-xs font-semibold text-slate-500">{term}</dt>
              <dd className="mt-0.5 text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title="CAN config">
        <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {CAN_FIELDS.map((field) => (
            <InputField
              key={field.name}
              label={field.label}
              value={pending[field.name] ?? ''}
              placeholder="Not reported"
              applied={appliedHint(pending[field.name], applied[field.name])}
              readOnly
              disabled
            />
          ))}
        </div>
        {canWrite && (
          <div className="mt-6 flex justify-end">
            <Button disabled title="CAN values are set by the device">
              Save
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
