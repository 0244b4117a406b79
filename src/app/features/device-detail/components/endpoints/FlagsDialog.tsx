import { endpointJsonSetting } from '../../../../../shared/device-settings';
import type { DeviceDetail } from '../../../../../shared/devices';
import { flagValuesOf } from '../../../../../shared/event-flags';
import { FlagsDialog as EventFlagsDialog } from '../../../../components/event-flags';
import { useBusy } from '../../../../lib/busy';
import { saveSettingsMutationOptions } from '../../api/settings';
import { messageJson } from '../../model/event-flags';
import { pendingMessage } from '../../model/messages';
import { settingsChange } from '../../model/setting-snapshot';
import { useDeviceWrite } from '../../../outbox';

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

/** The grid starts from the pending message; Save (off until a flag changed) sends endpoint{n}JSON. */
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
  return (
    <EventFlagsDialog
      title={`Message ${slot} flags`}
      initial={flagValuesOf(message)}
      saveDisabled={busy}
      onClose={onClose}
      onSave={async (values) => {
        const settings = [
          { SettingName: endpointJsonSetting(slot), Value: messageJson(message, values) },
        ];
        await mutation.submit(settingsChange(device, settings));
      }}
    />
  );
}
