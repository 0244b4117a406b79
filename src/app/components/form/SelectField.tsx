import { Select } from '@headlessui/react';
import { ChevronDownIcon } from '@app/components/ui/icons';
import { controlClass } from './control-styles';
import { FieldShell, type FieldShellProps } from './FieldShell';
import { isBlank, optionDomValue, type Option, type OptionValue } from './options';

export interface SelectFieldProps<V extends OptionValue> extends Omit<FieldShellProps, 'children'> {
  value: V;
  options: readonly Option<V>[];
  onChange?: (value: V) => void;
  onBlur?: () => void;
  name?: string;
  autoFocus?: boolean;
}

/**
 * A native select: phones open their own picker, which beats any custom listbox in a cab, and it
 * is fast with hundreds of options (countries). Values may be text, ids or null ('none').
 */
export function SelectField<V extends OptionValue>({
  value,
  options,
  onChange,
  onBlur,
  name,
  autoFocus,
  ...shell
}: SelectFieldProps<V>) {
  // A value missing from the options would silently show the first one; show it as it is.
  const shown =
    isBlank(value) || options.some((o) => o.value === value)
      ? options
      : [{ value, label: String(value) }, ...options];
  return (
    <FieldShell {...shell}>
      <div className="relative">
        <Select
          name={name}
          value={optionDomValue(value)}
          invalid={Boolean(shell.error)}
          autoFocus={autoFocus}
          onChange={(event) => {
            const chosen = shown.find((o) => optionDomValue(o.value) === event.target.value);
            if (chosen) onChange?.(chosen.value);
          }}
          onBlur={onBlur}
          className={`${controlClass} appearance-none pr-9`}
        >
          {shown.map((option) => (
            <option
              key={optionDomValue(option.value)}
              value={optionDomValue(option.value)}
              disabled={option.disabled}
            >
              {option.label}
            </option>
          ))}
        </Select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600" />
      </div>
    </FieldShell>
  );
}
