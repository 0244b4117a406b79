import { useSelector } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import type { FlagValues } from '@shared/devices/event-flags';
import { FormDialog, useAppForm } from '@app/components/form';
import { FlagChangeList } from './FlagChangeList';
import { FlagsGrid } from './FlagsGrid';

export interface FlagsDialogProps {
  title: string;
  /** The current values: the grid starts from them and the changes are counted against them. */
  initial: FlagValues;
  /** Above the grid: which message this is (slot, URL, protocol). */
  description?: ReactNode;
  /** Save (off until a flag changed); a rejection keeps the dialog open. */
  onSave: (values: FlagValues) => Promise<void> | void;
  onClose: () => void;
  /** Another reason Save is off (another call running). */
  saveDisabled?: boolean;
  submitLabel?: string;
}

/**
 * A message's event flags in a dialog: the chapter checkbox grid, each changed flag marked with
 * its old mask, and the list of changes above it (in view on a phone too). The buttons sit in the dialog's footer, in
 * view however far the 16 rows are scrolled. Mount it per opening.
 */
export function FlagsDialog({
  title,
  initial,
  description,
  onSave,
  onClose,
  saveDisabled = false,
  submitLabel,
}: FlagsDialogProps) {
  const form = useAppForm({
    defaultValues: initial,
    onSubmit: async ({ value }) => {
      await onSave(value);
      onClose();
    },
  });
  const values = useSelector(form.store, (state) => state.values);
  // Changed back is unchanged: compared with the start, not 'touched'.
  const changed = JSON.stringify(values) !== JSON.stringify(initial);

  return (
    <FormDialog
      form={form}
      title={title}
      size="lg"
      onClose={onClose}
      saveDisabled={saveDisabled || !changed}
      {...(submitLabel ? { submitLabel } : {})}
    >
      {description && <div className="mb-4 text-sm text-slate-700">{description}</div>}
      <FlagChangeList before={initial} after={values} />
      <FlagsGrid
        values={values}
        previous={initial}
        onChange={(flag, value) => {
          form.setFieldValue(flag, value);
        }}
      />
    </FormDialog>
  );
}
