import type { DeviceConfig, DeviceDetail } from '@shared/devices/devices';
import { Card } from '@app/components/ui/Card';
import { appliedHint } from '@app/features/device-detail/model/applied';
import { hasOldCan, protocolLabel, type Option } from '@app/features/device-detail/model/options';
import type { InformationValues } from '@app/features/device-detail/model/save-plan';
import { SelectField } from '@app/components/form';

const LOCKED_VERSIONS: { label: string; field: keyof DeviceConfig }[] = [
  { label: 'Booter', field: 'BooterVersion' },
  { label: 'CAN1', field: 'CAN1Version' },
  { label: 'CAN2', field: 'CAN2Version' },
  { label: 'Configuration Version', field: 'ConfigVersion' },
];

interface VersionFieldsProps {
  device: DeviceDetail;
  values: InformationValues;
  onChange: (name: 'protocolCode' | 'firmware', value: string) => void;
  protocols: readonly Option[];
  firmwares: readonly Option[];
  firmwareLocked: boolean;
  canWrite: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Versions: Booter, CAN1, CAN2 and Configuration Version are shown, never chosen here; Protocol
 * Code and Firmware are chosen, within the old-CAN and profile rules (spec 01 §2.6).
 */
export function VersionFields({
  device,
  values,
  onChange,
  protocols,
  firmwares,
  firmwareLocked,
  canWrite,
}: VersionFieldsProps) {
  const oldCan = hasOldCan(device);
  const { NewConfig: pending, CurrentConfig: applied } = device;
  return (
    <Card title="Versions">
      <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {LOCKED_VERSIONS.map(({ label, field }) => {
          const value = text(pending[field]);
          return (
            <SelectField
              key={field}
              label={label}
              value={value}
              options={[{ value, label: value || '—' }]}
              applied={appliedHint(value, text(applied[field]))}
              disabled
            />
          );
        })}
        <SelectField
          label={protocolLabel('Protocol Code', oldCan)}
          value={values.protocolCode}
          options={protocols}
          applied={appliedHint(pending.ProtocolCode, applied.ProtocolCode)}
          disabled={!canWrite || oldCan}
          onChange={(value) => {
            onChange('protocolCode', value);
          }}
        />
        <SelectField
          label="Firmware"
          value={values.firmware}
          options={firmwares}
          applied={appliedHint(pending.Firmware, applied.Firmware)}
          hint={firmwareLocked && !oldCan ? 'Set by the settings profile' : undefined}
          disabled={!canWrite || firmwareLocked}
          onChange={(value) => {
            onChange('firmware', value);
          }}
        />
      </div>
    </Card>
  );
}
