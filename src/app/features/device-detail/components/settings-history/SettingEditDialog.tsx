import { SettingEditSchema } from '@shared/devices/device-settings';
import type { DeviceSetting } from '@shared/devices/devices';
import { FormDialog, formValues, useAppForm } from '@app/components/form';
import { useBusy } from '@app/lib/busy';
import type { DeviceRef } from '@app/features/device-detail/api/keys';
import { editSettingMutationOptions } from '@app/features/device-detail/api/settings';
import { useDeviceWrite } from '@app/features/outbox';

interface SettingEditDialogProps {
  device: DeviceRef;
  setting: DeviceSetting | null;
  onClose: () => void;
}

export function SettingEditDialog({ device, setting, onClose }: SettingEditDialogProps) {
  // Keyed, so each opening starts from its own setting.
  return setting === null ? null : (
    <SettingEditForm key={setting.Id} device={device} setting={setting} onClose={onClose} />
  );
}

/**
 * Only the values of spec 01 §5 pass (TachoType vdo, stoneridge or 0; the three toggles 0 or 1;
 * the shared rules otherwise): the edit route's own schema. A processed setting is final.
 */
function SettingEditForm({
  device,
  setting,
  onClose,
}: {
  device: DeviceRef;
  setting: DeviceSetting;
  onClose: () => void;
}) {
  const busy = useBusy();
  const mutation = useDeviceWrite(editSettingMutationOptions);
  const form = useAppForm({
    defaultValues: formValues(SettingEditSchema, {
      SettingName: setting.SettingName,
      Value: setting.Value,
    }),
    validators: { onChange: SettingEditSchema },
    onSubmit: async ({ value }) => {
      await mutation.submit({
        ...device,
        id: setting.Id,
        SettingName: setting.SettingName,
        Value: String(value.Value ?? ''),
      });
      onClose();
    },
  });

  return (
    <FormDialog
      form={form}
      title="Edit setting"
      onClose={onClose}
      saveDisabled={busy || setting.Processed}
    >
      <div className="space-y-4">
        <form.AppField name="SettingName">
          {(field) => <field.Text label="Name" readOnly />}
        </form.AppField>
        <form.AppField name="Value">
          {(field) => (
            <field.Text
              label="Value"
              autoFocus
              autoComplete="off"
              disabled={setting.Processed}
              hint={setting.Processed ? 'The device has applied this setting.' : undefined}
            />
          )}
        </form.AppField>
      </div>
    </FormDialog>
  );
}
