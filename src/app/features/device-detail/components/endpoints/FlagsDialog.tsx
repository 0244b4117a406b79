import { endpointJsonSetting } from '@shared/devices/device-settings';
import type { DeviceDetail } from '@shared/devices/devices';
import { flagValuesOf } from '@shared/devices/event-flags';
import { FlagsDialog as EventFlagsDialog } from '@app/components/event-flags';
import { useBusy } from '@app/lib/busy';
import { saveSettingsMutationOptions } from '@app/features/device-detail/api/settings';
import { messageJson } from '@app/features/device-detail/model/event-flags';
import { pendingMessage } from '@app/features/device-detail/model/messages';
import { settingsChange } from '@app/features/device-detail/model/setting-snapshot';
import { useDeviceWrite } from '@app/features/outbox';

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
