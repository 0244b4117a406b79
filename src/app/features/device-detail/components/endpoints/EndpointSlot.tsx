import { useState } from 'react';
import { EMPTY_GUID } from '@shared/devices/constants';
import { endpointIdSetting } from '@shared/devices/device-settings';
import type { DeviceDetail } from '@shared/devices/devices';
import { Button } from '@app/components/ui/Button';
import { useBusy } from '@app/lib/busy';
import { saveSettingsMutationOptions } from '@app/features/device-detail/api/settings';
import { appliedHint } from '@app/features/device-detail/model/applied';
import { configValues } from '@app/features/device-detail/model/config-values';
import type { Option } from '@app/features/device-detail/model/options';
import { settingsChange } from '@app/features/device-detail/model/setting-snapshot';
import { useDeviceWrite } from '@app/features/outbox';
import { SelectField } from '@app/components/form';

interface EndpointSlotProps {
  device: DeviceDetail;
  slot: number;
  options: readonly Option[];
  canWrite: boolean;
}

const labelOf = (options: readonly Option[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/** One message slot's endpoint with its own Save: `endpoint{n}ID` as a pending setting. */
export function EndpointSlot({ device, slot, options, canWrite }: EndpointSlotProps) {
  const name = endpointIdSetting(slot);
  const pending = configValues(device.NewConfig)[name] ?? EMPTY_GUID;
  const applied = configValues(device.CurrentConfig)[name] ?? EMPTY_GUID;
  const [value, setValue] = useState(pending);
  const busy = useBusy();
  const mutation = useDeviceWrite(saveSettingsMutationOptions);

  return (
    <div className="flex items-end gap-2">
      <SelectField
        label={`Message ${slot}`}
        className="min-w-0 flex-1"
        value={value}
        options={options}
        applied={appliedHint(pending, applied, (v) => labelOf(options, v))}
        disabled={!canWrite}
        onChange={setValue}
      />
      {canWrite && (
        <Button
          className="h-11"
          aria-label={`Save message ${slot}`}
          disabled={busy || value === pending}
          loading={mutation.sending}
          onClick={() => {
            mutation
              .submit(settingsChange(device, [{ SettingName: name, Value: value }]))
              .catch(() => undefined);
          }}
        >
          Save
        </Button>
      )}
    </div>
  );
}
