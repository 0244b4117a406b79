import { useSelector } from '@tanstack/react-form';
import { Button } from '@app/components/ui/Button';
import { useFormContext } from './form-context';

export interface SubmitButtonProps {
  label?: string;
  /** The label while the call is on its way. */
  busyLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  className?: string;
}

/** The form's submit button: 44 px on phones, a spinner and the busy label while saving. */
export function SubmitButton({
  label = 'Save',
  busyLabel = 'Saving…',
  busy = false,
  disabled = false,
  className = '',
}: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      size="lg"
      disabled={disabled || busy}
      loading={busy}
      className={`sm:h-10 sm:text-sm ${className}`}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}

/**
 * Save of a kit form (`form.SubmitButton`, inside `form.AppForm`): off while the form is invalid
 * (checked from the start, not only after a first attempt), while its call is in flight, and
 * while `disabled` says so (nothing changed, another call running).
 */
export function FormSubmitButton({ disabled = false, ...props }: Omit<SubmitButtonProps, 'busy'>) {
  const form = useFormContext();
  // canSubmit alone is true on an untouched form, valid or not.
  const valid = useSelector(form.store, (state) => state.canSubmit && state.isValid);
  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  return <SubmitButton {...props} busy={submitting} disabled={disabled || !valid} />;
}
