import { Input, type InputProps } from '@headlessui/react';
import { controlClass, readOnlyClass } from './control-styles';
import { FieldShell, splitShellProps, type FieldShellProps } from './FieldShell';

export interface InputFieldProps
  extends
    Omit<FieldShellProps, 'children'>,
    Omit<InputProps, 'className' | 'invalid' | 'disabled' | 'children'> {
  /** A unit inside the box on the right ('s', 'km/h'). */
  unit?: string | undefined;
}

/** A labelled input: text, email, password, number or date (`type`). */
export function InputField({ unit, ...props }: InputFieldProps) {
  const { shell, control } = splitShellProps(props);
  return (
    <FieldShell {...shell}>
      <div className="relative">
        <Input
          {...control}
          invalid={Boolean(shell.error)}
          className={`${controlClass} ${readOnlyClass} ${unit ? 'pr-16' : ''}`}
        />
        {unit && (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-600">
            {unit}
          </span>
        )}
      </div>
    </FieldShell>
  );
}
