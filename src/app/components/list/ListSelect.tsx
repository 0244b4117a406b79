import { Field, Label, Select } from '@headlessui/react';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from '@app/components/ui/icons';

interface ListSelectProps {
  /** For screen readers (the toolbar shows no labels). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** A compact native select for the search bar (native: the best picker on phones). */
export function ListSelect({
  label,
  value,
  onChange,
  disabled = false,
  className = '',
  children,
}: ListSelectProps) {
  return (
    <Field className={`relative ${className}`}>
      <Label className="sr-only">{label}</Label>
      <Select
        value={value}
        disabled={disabled}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        className="block h-11 w-full appearance-none truncate rounded-lg border-0 bg-white pr-9 pl-3 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset data-disabled:bg-slate-50 data-disabled:text-slate-600 data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-brand-600 sm:h-10 sm:text-sm"
      >
        {children}
      </Select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600" />
    </Field>
  );
}
