import { Description, Field, Label } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface FieldShellProps {
  label: string;
  /** The applied value in brackets, when it differs from the pending one. */
  applied?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Label row (with the applied value on the right), the control, then an error or a hint.
 * Headless UI's Field links them all to the control for assistive technology.
 */
export function FieldShell({
  label,
  applied,
  error,
  hint,
  disabled = false,
  className = '',
  children,
}: FieldShellProps) {
  return (
    <Field disabled={disabled} className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        <Label className="text-sm font-medium text-slate-800 data-disabled:text-slate-500">
          {label}
        </Label>
        {applied && (
          <Description
            title="Applied on the device"
            className="shrink-0 text-xs font-semibold text-amber-700"
          >
            <span className="sr-only">Applied value </span>
            {applied}
          </Description>
        )}
      </div>
      {children}
      {error ? (
        <Description className="text-sm text-rose-600">{error}</Description>
      ) : (
        hint && <Description className="text-sm text-slate-500">{hint}</Description>
      )}
    </Field>
  );
}

/** The look shared by text inputs and selects: 44 px tall for gloved fingers in a cab. */
export const controlClass =
  'block h-11 w-full rounded-lg border-0 bg-white px-3 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:outline-none data-focus:ring-2 data-focus:ring-brand-600 data-invalid:ring-rose-500 data-disabled:cursor-not-allowed data-disabled:bg-slate-50 data-disabled:text-slate-500 read-only:bg-slate-50 read-only:text-slate-700 sm:text-sm';
