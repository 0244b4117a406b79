import { Description, Field, Label, Switch } from '@headlessui/react';

interface ToggleFieldProps {
  label: string;
  /** '1' on, '0' off: toggles are sent as text (spec 01 §3). */
  value: string;
  onChange?: (value: string) => void;
  applied?: string | undefined;
  disabled?: boolean;
}

/** A full-width row with the switch on the right: the whole row is the touch target. */
export function ToggleField({
  label,
  value,
  onChange,
  applied,
  disabled = false,
}: ToggleFieldProps) {
  return (
    <Field
      disabled={disabled}
      className="flex min-h-11 items-center justify-between gap-3 sm:self-end"
    >
      <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <Label className="text-sm font-medium text-slate-800 data-disabled:text-slate-500">
          {label}
        </Label>
        {applied && (
          <Description
            title="Applied on the device"
            className="text-xs font-semibold text-amber-700"
          >
            <span className="sr-only">Applied value </span>
            {applied}
          </Description>
        )}
      </span>
      <Switch
        checked={value === '1'}
        onChange={(on) => onChange?.(on ? '1' : '0')}
        className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors focus:outline-none data-checked:bg-brand-700 data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-600"
      >
        <span className="pointer-events-none inline-block size-5 translate-x-1 translate-y-1 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-6" />
      </Switch>
    </Field>
  );
}
