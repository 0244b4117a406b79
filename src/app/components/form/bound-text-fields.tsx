import { useSelector } from '@tanstack/react-form';
import type { ChangeEvent } from 'react';
import { useState } from 'react';
import { useDateProblem } from './DateField';
import { DateInput, type DateInputProps } from './DateInput';
import type { DateMode } from './date-text';
import { FieldShell, splitShellProps, type FieldShellProps } from './FieldShell';
import { useBoundField } from './field-state';
import { useFieldContext } from './form-context';
import { InputField, type InputFieldProps } from './InputField';
import { TextAreaField, type TextAreaFieldProps } from './TextAreaField';

/** What a screen passes to a bound field; the value, the handlers and the error come from the form. */
type Bound<P> = Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'>;

/** A string field's props for a text control: its value, and its text back on change. */
function useTextField(disabled: boolean | undefined) {
  const field = useBoundField<string>(disabled);
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      field.onChange(event.target.value);
    },
  };
}

type TextType = 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';

/** A text input bound to a string field (`type` email or password for those). */
export function BoundTextField({
  type = 'text',
  ...props
}: Bound<InputFieldProps> & { type?: TextType }) {
  return <InputField {...props} type={type} {...useTextField(props.disabled)} />;
}

type BoundDateProps = Bound<Omit<FieldShellProps, 'children'>> &
  Omit<DateInputProps, 'mode' | 'value' | 'onChange' | 'onBlur' | 'invalid' | 'disabled'>;

/**
 * A date field bound to a string field of the form's own shape (YYYY-MM-DD, or
 * YYYY-MM-DDTHH:mm) while it shows and takes DD-MM-YYYY [HH:mm] (DateInput). Text that reads as
 * no date empties the value and holds the field's own error (the slot a server's answer uses:
 * the form's validation leaves it, the next change clears it), so Save waits for a real date;
 * the field says what form it wants once left or submitted.
 */
function BoundDate({ mode, ...props }: BoundDateProps & { mode: DateMode }) {
  const { shell, control } = splitShellProps(props);
  const field = useBoundField<string>(shell.disabled);
  const api = useFieldContext<string>();
  const submitted = useSelector(api.form.store, (state) => state.submissionAttempts > 0);
  const problem = useDateProblem(submitted);
  const error = problem.shown ?? (problem.unreadable ? undefined : field.error);
  return (
    <FieldShell {...shell} error={error}>
      <DateInput
        {...control}
        mode={mode}
        name={field.name}
        value={field.value}
        disabled={shell.disabled}
        invalid={Boolean(error)}
        onChange={(read) => {
          problem.read(read);
          field.onChange(read.problem === undefined ? read.value : '');
          if (read.problem !== undefined) api.setErrorMap({ onServer: read.problem });
        }}
        onBlur={() => {
          problem.leave();
          field.onBlur();
        }}
      />
    </FieldShell>
  );
}

/** A day bound to a 'YYYY-MM-DD' string field ('' when none), shown as DD-MM-YYYY. */
export function BoundDateField(props: BoundDateProps) {
  return <BoundDate {...props} mode="date" />;
}

/**
 * A day and time bound to a 'YYYY-MM-DDTHH:mm' string field ('' when none), in the browser's
 * time zone (`Date.parse` reads the text as local time), shown as DD-MM-YYYY HH:mm.
 */
export function BoundDateTimeField(props: BoundDateProps) {
  return <BoundDate {...props} mode="datetime" />;
}

/** A text area bound to a string field. */
export function BoundTextAreaField(props: Bound<TextAreaFieldProps>) {
  return <TextAreaField {...props} {...useTextField(props.disabled)} />;
}

/** Empty text is null; text that is no number is NaN, which a valibot `number()` refuses. */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const textOf = (value: number | null): string =>
  value === null || Number.isNaN(value) ? '' : String(value);
const sameNumber = (a: number | null, b: number | null) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));

/**
 * A number bound to a `number | null` field. It is a text input with a numeric keyboard (a
 * number input would change under a scrolling wheel and hide what was typed); the text typed is
 * kept, so '12a' stays on screen with the schema's message.
 */
export function BoundNumberField({
  decimal = false,
  ...props
}: Bound<Omit<InputFieldProps, 'type' | 'inputMode'>> & { decimal?: boolean }) {
  const field = useBoundField<number | null>(props.disabled);
  const [text, setText] = useState(() => textOf(field.value));
  // The form changed the value itself (a reset, another field's rule): show the new one.
  if (!sameNumber(numberOf(text), field.value)) setText(textOf(field.value));
  return (
    <InputField
      autoComplete="off"
      {...props}
      {...field}
      type="text"
      inputMode={decimal ? 'decimal' : 'numeric'}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(numberOf(event.target.value));
      }}
    />
  );
}
