import { Checkbox, Field, Label } from '@headlessui/react';
import { useId } from 'react';
import { CheckIcon } from '@app/components/ui/icons';
import { checkboxClass } from './control-styles';
import { FieldTip } from './FieldTip';
import type { Option } from './options';

export interface CheckListFieldProps<V extends string | number> {
  label: string;
  value: readonly V[];
  options: readonly Option<V>[];
  onChange?: (value: V[]) => void;
  onBlur?: () => void;
  /** The group's name (the fieldset's). */
  name?: string;
  error?: string | undefined;
  hint?: string | undefined;
  tooltip?: string | undefined;
  /** Shown instead of the list when there is nothing to choose from. */
  emptyText?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A multi-select as a list of checkboxes (features of a customer, say): every choice is visible
 * and one tap away on a phone, screen readers hear a group of checkboxes, and the chosen values
 * keep the options' order.
 */
export function CheckListField<V extends string | number>({
  label,
  value,
  options,
  onChange,
  onBlur,
  name,
  error,
  hint,
  tooltip,
  emptyText = 'Nothing to choose from',
  disabled = false,
  className = '',
}: CheckListFieldProps<V>) {
  const id = useId();
  const messageId = `${id}-message`;
  const toggle = (choice: V, on: boolean) => {
    onChange?.(options.map((o) => o.value).filter((v) => (v === choice ? on : value.includes(v))));
  };
  return (
    <fieldset
      name={name}
      disabled={disabled}
      aria-describedby={error || hint ? messageId : undefined}
      className={`min-w-0 ${className}`}
      onBlur={(event) => {
        // Touched once focus leaves the whole group, not each box.
        if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
      }}
    >
      <legend className="mb-1.5 flex items-center gap-1 text-sm font-medium text-slate-800">
        {label}
        {tooltip && <FieldTip text={tooltip} />}
      </legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <div
          className={`grid gap-x-4 rounded-lg px-3 py-1 ring-1 ring-inset sm:grid-cols-2 ${error ? 'ring-2 ring-rose-500' : 'ring-slate-300'}`}
        >
          {options.map((option) => (
            <Field
              key={String(option.value)}
              disabled={disabled || option.disabled === true}
              className="flex min-h-11 items-center gap-3"
            >
              <Checkbox
                checked={value.includes(option.value)}
                onChange={(on) => {
                  toggle(option.value, on);
                }}
                aria-invalid={error ? true : undefined}
                className={checkboxClass}
              >
                <CheckIcon className="size-4 stroke-[3] text-white opacity-0 group-data-checked:opacity-100" />
              </Checkbox>
              <Label className="min-w-0 flex-1 cursor-pointer py-2 text-sm text-slate-800 data-disabled:cursor-not-allowed data-disabled:text-slate-600">
                {option.label}
              </Label>
            </Field>
          ))}
        </div>
      )}
      {(error || hint) && (
        <p
          id={messageId}
          className={`mt-1.5 text-sm ${error ? 'text-rose-700' : 'text-slate-600'}`}
        >
          {error ?? hint}
        </p>
      )}
    </fieldset>
  );
}
