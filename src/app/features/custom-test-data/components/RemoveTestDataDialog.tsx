import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CustomTestData } from '@shared/libraries/custom-test-data';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { removeCustomTestDataMutationOptions } from '@app/features/custom-test-data/api/custom-test-data';

/** Removing a file asks first (admins). */
export function RemoveTestDataDialog({
  file,
  onClose,
}: {
  file: CustomTestData | null;
  onClose: () => void;
}) {
  const remove = useMutation(removeCustomTestDataMutationOptions());
  // The question stays while the dialog fades out after the file was let go.
  const [asked, setAsked] = useState(file);
  if (file && file !== asked) setAsked(file);
  return (
    <ConfirmDialog
      open={file !== null}
      busy={remove.isPending}
      message={asked && `Are you sure you want to remove ${asked.FileName} of ${asked.Customer}?`}
      onCancel={onClose}
      onConfirm={() => {
        if (!file) return;
        // A refusal is toasted by the api client; the dialog closes either way.
        remove.mutate(file, { onSettled: onClose });
      }}
    />
  );
}
