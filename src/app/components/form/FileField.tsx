import { Description, Input } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { focusRing } from '@app/components/ui/focus';
import { CloseIcon, FileIcon } from '@app/components/ui/icons';
import { FieldShell, type FieldShellProps } from './FieldShell';
import { fileLabel, fileRuleHint, type FileRule } from './file-size';

export interface FileFieldProps extends Omit<FieldShellProps, 'children'> {
  /** The chosen file; null when none is. */
  value: File | null;
  onChange?: (file: File | null) => void;
  onBlur?: () => void;
  name?: string;
  /** Extensions and size limit: the picker's filter and, without a `hint`, the hint. */
  rule?: FileRule | undefined;
  /** The stored file kept while none is chosen (an update), as shown: 'ABC_4.tlqs · 1.2 KB'. */
  current?: string | undefined;
  autoFocus?: boolean;
}

/**
 * A file picker: a 44 px box showing the chosen file's name and size (or the stored one an
 * update keeps), and a button that clears the choice. The native input lies invisibly over the
 * box, so a tap or a click anywhere on it opens the phone's or the desktop's own picker, a file
 * can be dropped on it, and keyboard focus (ringed) and the label belong to the real control.
 * The rules (format, size) are the schema's, so a wrong file shows its message under the field.
 */
export function FileField({
  value,
  onChange,
  onBlur,
  name,
  rule,
  current,
  autoFocus,
  ...shell
}: FileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // The form cleared the value (Remove, a reset): the input forgets its file too, so choosing
  // the same file again is a change.
  useEffect(() => {
    if (value === null && input.current) input.current.value = '';
  }, [value]);

  const invalid = Boolean(shell.error);
  const status = value
    ? fileLabel(value.name, value.size)
    : current
      ? `Current file: ${current}`
      : 'No file chosen';
  return (
    <FieldShell {...shell} hint={shell.hint ?? (rule ? fileRuleHint(rule) : undefined)}>
      <div className="flex items-stretch gap-2">
        <div
          className={`relative flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg bg-white px-3 shadow-sm ring-inset has-[input:disabled]:bg-slate-50 has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-600 ${invalid ? 'ring-2 ring-rose-500' : 'ring-1 ring-slate-300'}`}
        >
          <Input
            ref={input}
            type="file"
            name={name}
            accept={rule?.extensions.join(',')}
            autoFocus={autoFocus}
            invalid={invalid}
            onChange={(event) => {
              // Cancelling the picker chooses nothing; Remove is how a choice is undone.
              const file = event.target.files?.[0];
              if (file) onChange?.(file);
            }}
            onBlur={onBlur}
            className="absolute inset-0 size-full cursor-pointer opacity-0 focus:outline-hidden data-disabled:cursor-not-allowed"
          />
          <FileIcon className="pointer-events-none size-5 shrink-0 text-slate-500" />
          <span
            aria-hidden="true"
            className="pointer-events-none shrink-0 rounded-md bg-brand-50 px-2.5 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset"
          >
            {value ? 'Change' : 'Choose file'}
          </span>
          <Description
            className={`pointer-events-none min-w-0 truncate text-sm ${value ? 'font-medium text-slate-900' : 'text-slate-600'}`}
          >
            {status}
          </Description>
        </div>
        {value && !shell.disabled && (
          <button
            type="button"
            aria-label={`Remove ${value.name}`}
            title="Remove the file"
            onClick={() => {
              onChange?.(null);
              input.current?.focus();
            }}
            className={`grid size-11 shrink-0 place-items-center rounded-lg text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-rose-700 ${focusRing}`}
          >
            <CloseIcon className="size-5" />
          </button>
        )}
      </div>
    </FieldShell>
  );
}
