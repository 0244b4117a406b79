import type { ChangeEvent } from 'react';
import { useState } from 'react';
import { useBoundField } from './field-state';
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

/** A date picker bound to a 'YYYY-MM-DD' string field ('' when none). */
export function BoundDateField(props: Bound<Omit<InputFieldProps, 'type'>>) {
  return <InputField {...props} type="date" {...useTextField(props.disabled)} />;
}

/**
 * A date and time picker bound to a 'YYYY-MM-DDTHH:mm' string field ('' when none), in the
 * browser's time zone (`Date.parse` reads the text as local time).
 */
export function BoundDateTimeField(props: Bound<Omit<InputFieldProps, 'type'>>) {
  return <InputField {...props} type="datetime-local" {...useTextField(props.disabled)} />;
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
