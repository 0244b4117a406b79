import { useSelector } from '@tanstack/react-form';
import { useState } from 'react';
import { useFieldContext } from './form-context';
import { isBlank } from './options';

/** The text of one error: a schema issue carries it in `message`, a server error is the text. */
export function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error || undefined;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return typeof error.message === 'string' ? error.message : undefined;
  }
  return undefined;
}

/**
 * What a bound field needs from TanStack Form: its value, its first error and handlers. The error
 * shows once the field was touched or left, the form submitted, or at once when the field started
 * out filled in (a stored value that fails the rules says so; an empty new field, or one on a
 * placeholder option, waits); a disabled field never shows one. A change clears the server's
 * error for this field (the server spoke about the old value).
 */
export function useBoundField<T>(disabled = false, isPlaceholder?: (value: T) => boolean) {
  const field = useFieldContext<T>();
  const submitted = useSelector(field.form.store, (state) => state.submissionAttempts > 0);
  const [startedFilled] = useState(
    () => !isBlank(field.state.value) && !isPlaceholder?.(field.state.value),
  );
  const { meta, value } = field.state;
  // A locked field cannot be put right, so it does not complain.
  const shown = !disabled && (meta.isTouched || meta.isBlurred || submitted || startedFilled);
  return {
    name: field.name,
    value,
    error: shown ? meta.errors.map(errorText).find(Boolean) : undefined,
    onChange: (next: T) => {
      if (field.state.meta.errorMap.onServer !== undefined) {
        field.setErrorMap({ onServer: undefined });
      }
      field.handleChange(next);
    },
    onBlur: () => {
      field.handleBlur();
    },
  };
}
