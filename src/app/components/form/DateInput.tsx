import { Input, type InputProps } from '@headlessui/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Outline } from '@app/components/ui/icons';
import { focusRingInset } from '@app/components/ui/focus';
import { controlClass, readOnlyClass } from './control-styles';
import { dateText, dateTextFormat, readDateText, type DateMode, type ReadDate } from './date-text';

export interface DateInputProps extends Omit<
  InputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'className' | 'min' | 'max' | 'children'
> {
  /** A day (DD-MM-YYYY), or a day and a time (DD-MM-YYYY HH:mm). */
  mode?: DateMode | undefined;
  /** The form's value: YYYY-MM-DD, or YYYY-MM-DDTHH:mm in the browser's time zone; '' for none. */
  value: string;
  /** Each change of the text: the value it reads as, or why it reads as none. */
  onChange: (read: ReadDate) => void;
  /** The first and last value the calendar offers (form values). */
  min?: string | undefined;
  max?: string | undefined;
}

// Here, not in ui/icons: that module is in the sign-in page's JavaScript, this icon is not.
const CalendarIcon = ({ className }: { className: string }) => (
  <Outline className={className}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Outline>
);

/** Whether the browser opens its date picker on request (all current ones do). */
const canShowPicker = () =>
  typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype;

/**
 * A date typed as the portal writes it (DD-MM-YYYY [HH:mm]), whatever the browser's language,
 * with a calendar button that opens the browser's own picker (the phone's wheel or calendar,
 * the desktop's month grid; Alt+↓ from the text opens it too). The picker works on a hidden
 * native input of the form's value; what it picks shows as text. 44 px tall, like every control.
 */
export function DateInput({
  mode = 'date',
  value,
  onChange,
  onBlur,
  min,
  max,
  disabled,
  readOnly,
  invalid,
  ...props
}: DateInputProps) {
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => dateText(value, mode));
  const [shownValue, setShownValue] = useState(value);
  // The form changed the value itself (a reset, another field's rule): show the new one, unless
  // it is what the text already says (or '' for text that says no date).
  if (value !== shownValue) {
    setShownValue(value);
    const read = readDateText(text, mode);
    if (read.problem === undefined ? read.value !== value : value !== '') {
      setText(dateText(value, mode));
    }
  }

  const type = (next: string) => {
    setText(next);
    onChange(readDateText(next, mode));
  };
  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // Refused (no user gesture, a frame without the right): the text still takes a date.
    }
  };
  const locked = disabled === true || readOnly === true;
  // The picker holds the value in its own form (YYYY-MM-DD or YYYY-MM-DDTHH:mm), or nothing.
  const picked = readDateText(dateText(value, mode), mode);
  const withPicker = canShowPicker() && !locked;

  return (
    <div className="relative">
      <Input
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={dateTextFormat(mode)}
        value={text}
        disabled={disabled}
        readOnly={readOnly}
        invalid={invalid}
        onChange={(event) => {
          type(event.target.value);
        }}
        onBlur={(event) => {
          // '1/2/2026' reads fine: show it the portal's way.
          const read = readDateText(text, mode);
          if (read.problem === undefined && read.value !== '') setText(dateText(read.value, mode));
          onBlur?.(event);
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (withPicker && event.altKey && event.key === 'ArrowDown') {
            event.preventDefault();
            openPicker();
          }
          props.onKeyDown?.(event);
        }}
        // The text runs to just before the icon (narrow fields: a panel's two days side by side).
        className={`${controlClass} ${readOnlyClass} tabular-nums ${withPicker ? 'pr-9' : ''}`}
      />
      {withPicker && (
        <>
          <button
            type="button"
            onClick={openPicker}
            aria-label={mode === 'date' ? 'Choose a date' : 'Choose a date and time'}
            className={`absolute inset-y-0 right-0 flex w-11 items-center justify-end rounded-r-lg pr-2.5 text-slate-600 hover:text-brand-700 ${focusRingInset}`}
          >
            <CalendarIcon className="size-5" />
          </button>
          {/* The browser's picker opens from here, under the field; never focused or read out. */}
          <input
            ref={picker}
            type={mode === 'date' ? 'date' : 'datetime-local'}
            tabIndex={-1}
            aria-hidden="true"
            value={picked.problem === undefined ? picked.value : ''}
            min={min}
            max={max}
            onChange={(event) => {
              const chosen = event.target.value;
              setText(dateText(chosen, mode));
              onChange({ value: chosen });
            }}
            className="pointer-events-none absolute bottom-0 left-0 h-px w-full opacity-0"
          />
        </>
      )}
    </div>
  );
}
