import { useState } from 'react';
import { endpointJsonSetting } from '../../../../../shared/device-settings';
import type { DeviceDetail } from '../../../../../shared/devices';
import { Button } from '../../../../components/ui/Button';
import { Modal } from '../../../../components/ui/Modal';
import { useBusy } from '../../../../lib/busy';
import { saveSettingsMutationOptions } from '../../api/settings';
import { flagValues, messageJson, type FlagValues } from '../../model/event-flags';
import { pendingMessage } from '../../model/messages';
import { settingsChange } from '../../model/setting-snapshot';
import { useDeviceWrite } from '../../../outbox/use-device-write';
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
 * The grid starts from the pending message; Save sends endpoint{n}JSON. The buttons sit in the
 * dialog's footer, in view however far the 16 rows are scrolled.
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
  const [initial] = useState(() => flagValues(message));
  const [values, setValues] = useState<FlagValues>(initial);
  const busy = useBusy();
  const mutation = useDeviceWrite(saveSettingsMutationOptions);
  const changed = JSON.stringify(values) !== JSON.stringify(initial);

  const save = () => {
    const settings = [
      { SettingName: endpointJsonSetting(slot), Value: messageJson(message, values) },
    ];
    mutation.submit(settingsChange(device, settings)).then(onClose, () => undefined);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Message ${slot} flags`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={busy || !changed} loading={mutation.sending} onClick={save}>
            Save
          </Button>
        </>
      }
    >
      <FlagsGrid
        values={values}
        onChange={(flag, value) => {
          setValues((current) => ({ ...current, [flag]: value }));
        }}
      />
    </Modal>
  );
}
