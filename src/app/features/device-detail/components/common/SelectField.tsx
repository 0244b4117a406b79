import { Select } from '@headlessui/react';
import type { Option } from '../../model/options';
import { ChevronDownIcon } from '../../../../components/ui/icons';
import { FieldShell, controlClass, type FieldShellProps } from './FieldShell';

interface SelectFieldProps extends Omit<FieldShellProps, 'children'> {
  value: string;
  options: readonly Option[];
  onChange?: (value: string) => void;
  onBlur?: () => void;
  name?: string;
}

/** A native select: phones open their own picker, which beats any custom listbox in a cab. */
export function SelectField({
  value,
  options,
  onChange,
  onBlur,
  name,
  ...shell
}: SelectFieldProps) {
  // A value missing from the options would silently show the first one; show it as it is.
  const shown =
    value === '' || options.some((o) => o.value === value)
      ? options
      : [{ value, label: value }, ...options];
  return (
    <FieldShell {...shell}>
      <div className="relative">
        <Select
          name={name}
          value={value}
          invalid={Boolean(shell.error)}
          onChange={(event) => onChange?.(event.target.value)}
          onBlur={onBlur}
          className={`${controlClass} appearance-none pr-9`}
        >
          {shown.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
      </div>
    </FieldShell>
  );
}
