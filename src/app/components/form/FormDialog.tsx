import { useSelector, type AnyFormApi } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { Button } from '@app/components/ui/Button';
import { Modal } from '@app/components/ui/Modal';
import { useValidateOnShow } from './Form';
import { formContext } from './form-context';
import { submitForm } from './server-errors';
import { FormSubmitButton } from './SubmitButton';

/**
 * A form made by `useAppForm`. Typed as any form API: TypeScript refuses a form with an array
 * field (a multi-select) as `AnyFormApi & { AppForm }`, so the dialog provides the form's context
 * itself, as `form.AppForm` would.
 */
export type KitForm = AnyFormApi;

export interface FormDialogProps {
  form: KitForm;
  title: string;
  onClose: () => void;
  open?: boolean;
  size?: 'md' | 'lg';
  submitLabel?: string;
  busyLabel?: string;
  /** Renames Cancel ('Close' where the spec says so). */
  cancelLabel?: string;
  /**
   * More reasons Save is off besides an invalid form and its own call in flight: nothing
   * changed, another call running, a record that can no longer change.
   */
  saveDisabled?: boolean;
  children: ReactNode;
}

const stayOpen = () => undefined;

/**
 * A modal form: the fields, then Cancel and Save in the footer, all inside one `<form>` so Enter
 * in a field submits. Save is off while the form is invalid or its call is in flight; the
 * dialog cannot be closed while saving. A failed save keeps it open with the server's field
 * errors on the fields; `onSubmit` closes it on success.
 */
export function FormDialog({
  form,
  title,
  onClose,
  open = true,
  size,
  submitLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  saveDisabled = false,
  children,
}: FormDialogProps) {
  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  useValidateOnShow(form, open);
  return (
    <formContext.Provider value={form}>
      <Modal
        open={open}
        onClose={submitting ? stayOpen : onClose}
        title={title}
        size={size}
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (!saveDisabled) void submitForm(form);
        }}
        footer={
          <>
            <Button
              variant="secondary"
              size="lg"
              className="sm:h-10 sm:text-sm"
              onClick={onClose}
              disabled={submitting}
            >
              {cancelLabel}
            </Button>
            <FormSubmitButton label={submitLabel} busyLabel={busyLabel} disabled={saveDisabled} />
          </>
        }
      >
        {children}
      </Modal>
    </formContext.Provider>
  );
}
