import { Input, type InputProps } from '@headlessui/react';
import { FieldShell, controlClass, type FieldShellProps } from './FieldShell';

interface InputFieldProps
  extends
    Omit<FieldShellProps, 'children'>,
    Omit<InputProps, 'className' | 'invalid' | 'disabled' | 'children'> {
  unit?: string | undefined;
}

export function InputField({
  label,
  applied,
  error,
  hint,
  disabled,
  className,
  unit,
  ...input
}: InputFieldProps) {
  return (
    <FieldShell
      label={label}
      applied={applied}
      error={error}
      hint={hint}
      disabled={disabled ?? false}
      className={className ?? ''}
    >
      <div className="relative">
        <Input
          {...input}
          invalid={Boolean(error)}
          className={`${controlClass} ${unit ? 'pr-16' : ''}`}
        />
        {unit && (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-500">
            {unit}
          </span>
        )}
      </div>
    </FieldShell>
  );
}
