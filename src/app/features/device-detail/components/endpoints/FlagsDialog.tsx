import { useSelector } from '@tanstack/react-form';
import { endpointJsonSetting } from '../../../../../shared/device-settings';
import type { DeviceDetail } from '../../../../../shared/devices';
import { FormDialog, useAppForm } from '../../../../components/form';
import { useBusy } from '../../../../lib/busy';
import { saveSettingsMutationOptions } from '../../api/settings';
import { flagValues, messageJson } from '../../model/event-flags';
import { pendingMessage } from '../../model/messages';
import { settingsChange } from '../../model/setting-snapshot';
import { useDeviceWrite } from '../../../outbox';
import { FlagsGrid } from './FlagsGrid';

interface FlagsDialogProps {
  device: DeviceDetail;
  /** The message slot being edited; null when closed. */
  slot: number | null;
  onClose: () => void;
}

export function FlagsDialog({ device, slot, onClose }: FlagsDialogProps) {
  // Keyed by slot so each opening starts from that message's pending flags.
  return slot === null ? null : (
    <FlagsForm key={slot} device={device} slot={slot} onClose={onClose} />
  );
}

/**
 * The grid starts from the pending message; Save (off until a flag changed) sends
 * endpoint{n}JSON. The buttons sit in the dialog's footer, in view however far the 16 rows are
 * scrolled.
 */
function FlagsForm({
  device,
  slot,
  onClose,
}: {
  device: DeviceDetail;
  slot: number;
  onClose: () => void;
}) {
  const message = pendingMessage(device, slot);
  const busy = useBusy();
  const mutation = useDeviceWrite(saveSettingsMutationOptions);
  const form = useAppForm({
    defaultValues: flagValues(message),
    onSubmit: async ({ value }) => {
      const settings = [
        { SettingName: endpointJsonSetting(slot), Value: messageJson(message, value) },
      ];
      await mutation.submit(settingsChange(device, settings));
      onClose();
    },
  });
  const values = useSelector(form.store, (state) => state.values);
  // Changed back is unchanged: compared with the start, not 'touched'.
  const changed = JSON.stringify(values) !== JSON.stringify(form.options.defaultValues);

  return (
    <FormDialog
      form={form}
      title={`Message ${slot} flags`}
      size="lg"
      onClose={onClose}
      saveDisabled={busy || !changed}
    >
      <FlagsGrid
        values={values}
        onChange={(flag, value) => {
          form.setFieldValue(flag, value);
        }}
      />
    </FormDialog>
  );
}
