import { useState } from 'react';
import { editValueIssue } from '../../../../../shared/device-settings';
import type { DeviceSetting } from '../../../../../shared/devices';
import { Button } from '../../../../components/ui/Button';
import { Modal } from '../../../../components/ui/Modal';
import { useBusy } from '../../../../lib/busy';
import type { DeviceRef } from '../../api/keys';
import { editSettingMutationOptions } from '../../api/settings';
import { useDeviceWrite } from '../../../outbox/use-device-write';
import { InputField } from '../common/InputField';

interface SettingEditDialogProps {
  device: DeviceRef;
  setting: DeviceSetting | null;
  onClose: () => void;
}

export function SettingEditDialog({ device, setting, onClose }: SettingEditDialogProps) {
  return (
    <Modal open={setting !== null} onClose={onClose} title="Edit setting">
      {setting && (
        <SettingEditForm key={setting.Id} device={device} setting={setting} onClose={onClose} />
      )}
    </Modal>
  );
}

/**
 * Only the values of spec 01 §5 pass (TachoType vdo, stoneridge or 0; the three toggles 0 or 1;
 * the shared rules otherwise); Save stays off until the value does. A processed setting is final.
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
  const [value, setValue] = useState(setting.Value);
  const busy = useBusy();
  const mutation = useDeviceWrite(editSettingMutationOptions);
  const issue = editValueIssue(setting.SettingName, value);
  const canSave = !setting.Processed && issue === undefined && !busy;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSave) return;
        mutation
          .submit({ ...device, id: setting.Id, SettingName: setting.SettingName, Value: value })
          .then(onClose, () => undefined);
      }}
    >
      <InputField label="Name" value={setting.SettingName} readOnly />
      <InputField
        label="Value"
        value={value}
        autoFocus
        autoComplete="off"
        disabled={setting.Processed}
        error={setting.Processed ? undefined : issue}
        hint={setting.Processed ? 'The device has applied this setting.' : undefined}
        onChange={(event) => {
          setValue(event.target.value);
        }}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSave} loading={mutation.sending}>
          Save
        </Button>
      </div>
    </form>
  );
}
