import { Description, Field, Label, Select, type SelectProps } from '@headlessui/react';
import { ChevronDownIcon } from '../../../components/ui/icons';

interface SelectFieldProps extends Omit<SelectProps, 'className'> {
  label: string;
  /** Keeps the label for screen readers only (compact toolbars). */
  hideLabel?: boolean;
  hint?: string | undefined;
  className?: string;
}

/** A native select (best on phones) styled like TextField. */
export function SelectField({
  label,
  hideLabel = false,
  hint,
  className = '',
  children,
  ...props
}: SelectFieldProps) {
  return (
    <Field className={`flex flex-col gap-1.5 ${className}`}>
      <Label className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </Label>
      <div className="relative">
        <Select
          {...props}
          className="block h-11 w-full appearance-none rounded-lg border-0 bg-white pr-9 pl-3 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:outline-none data-disabled:bg-slate-50 data-disabled:text-slate-500 data-focus:ring-2 data-focus:ring-brand-600 sm:h-10 sm:text-sm"
        >
          {children}
        </Select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
      </div>
      {hint && <Description className="text-sm text-slate-500">{hint}</Description>}
    </Field>
  );
}
