import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Firmware } from '@shared/libraries/firmware-library';
import { deviceTypeName } from '@shared/devices/constants';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { deleteFirmwareMutationOptions } from '@app/features/firmware/api/firmware-mutations';

/** Deleting asks first; the server refuses an active firmware (the button is not offered). */
export function DeleteFirmwareDialog({
  firmware,
  onClose,
}: {
  firmware: Firmware | null;
  onClose: () => void;
}) {
  const remove = useMutation(deleteFirmwareMutationOptions());
  // The question stays while the dialog fades out after the firmware was let go.
  const [asked, setAsked] = useState(firmware);
  if (firmware && firmware !== asked) setAsked(firmware);
  return (
    <ConfirmDialog
      open={firmware !== null}
      busy={remove.isPending}
      message={
        asked &&
        `Are you sure you want to delete firmware ${asked.Version} for ${deviceTypeName(asked.DeviceType)}?`
      }
      onCancel={onClose}
      onConfirm={() => {
        if (!firmware) return;
        // A refusal is toasted by the api client; the dialog closes either way.
        remove.mutate(firmware, { onSettled: onClose });
      }}
    />
  );
}
