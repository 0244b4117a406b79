import { Textarea, type TextareaProps } from '@headlessui/react';
import { FieldShell, type FieldShellProps } from './FieldShell';

type TextAreaFieldProps = Omit<FieldShellProps, 'children'> &
  Omit<TextareaProps, 'className' | 'invalid' | 'disabled' | 'children'>;

export function TextAreaField({
  label,
  applied,
  error,
  hint,
  disabled,
  className,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldShell
      label={label}
      applied={applied}
      error={error}
      hint={hint}
      disabled={disabled ?? false}
      className={className ?? ''}
    >
      <Textarea
        rows={3}
        {...textarea}
        invalid={Boolean(error)}
        className="block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:outline-none data-disabled:cursor-not-allowed data-disabled:bg-slate-50 data-disabled:text-slate-500 data-focus:ring-2 data-focus:ring-brand-600 sm:text-sm"
      />
    </FieldShell>
  );
}
