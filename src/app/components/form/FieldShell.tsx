import { Description, Field, Label } from '@headlessui/react';
import type { ReactNode } from 'react';
import { FieldTip } from './FieldTip';

export interface FieldShellProps {
  label: string;
  /** Keeps the label for screen readers only (compact toolbars). */
  hideLabel?: boolean;
  /** The applied value in brackets, when it differs from the pending one. */
  applied?: string | undefined;
  error?: string | undefined;
  /** Shown under the control; an error takes its place. */
  hint?: string | undefined;
  /** Behind an 'i' button beside the label (the spec's tooltips). */
  tooltip?: string | undefined;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Label row (with a tooltip and the applied value), the control, then an error or a hint.
 * Headless UI's Field links them all to the control (aria-labelledby, aria-describedby).
 */
export function FieldShell({
  label,
  hideLabel = false,
  applied,
  error,
  hint,
  tooltip,
  disabled = false,
  className = '',
  children,
}: FieldShellProps) {
  return (
    <Field disabled={disabled} className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      {hideLabel ? (
        <Label className="sr-only">{label}</Label>
      ) : (
        <div className="flex items-center justify-between gap-2">
          <span className="flex min-w-0 items-center gap-1">
            <Label className="text-sm font-medium text-slate-800 data-disabled:text-slate-600">
              {label}
            </Label>
            {tooltip && <FieldTip text={tooltip} />}
          </span>
          {applied && <AppliedValue value={applied} />}
        </div>
      )}
      {children}
      <FieldMessage error={error} hint={hint} />
    </Field>
  );
}

/** Splits a field's props into the shell's (label, messages, state) and the control's. */
export function splitShellProps<P extends Omit<FieldShellProps, 'children'>>({
  label,
  hideLabel,
  applied,
  error,
  hint,
  tooltip,
  disabled,
  className,
  ...control
}: P) {
  return {
    shell: { label, hideLabel, applied, error, hint, tooltip, disabled, className },
    control,
  };
}

/** Beside a label: the value the device has applied, when the pending one differs. */
export function AppliedValue({ value }: { value: string }) {
  return (
    <Description
      title="Applied on the device"
      className="shrink-0 text-xs font-semibold text-amber-800"
    >
      <span className="sr-only">Applied value </span>
      {value}
    </Description>
  );
}

/** The error (or else the hint) under a control, linked to it by the surrounding Field. */
export function FieldMessage({
  error,
  hint,
}: {
  error?: string | undefined;
  hint?: string | undefined;
}) {
  if (error) return <Description className="text-sm text-rose-700">{error}</Description>;
  return hint ? <Description className="text-sm text-slate-600">{hint}</Description> : null;
}
