import type { AnyFormApi } from '@tanstack/react-form';
import { ApiError, InvalidJsonError } from '@app/lib/api-errors';

/**
 * Puts a 400 answer's `{ errors: { field: message } }` on the form's fields, so each message
 * stands under the field it is about (the api client has toasted them too, spec 01 §8). The
 * server names fields as the request body does; `rename` maps a body name to a form field where
 * they differ. The error stays until that field changes. Answers the fields that got one.
 */
export function applyServerErrors(
  form: AnyFormApi,
  error: unknown,
  rename: Readonly<Record<string, string>> = {},
): string[] {
  const errors = error instanceof ApiError ? error.fieldErrors : undefined;
  if (!errors) return [];
  const landed: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    const field = Object.hasOwn(rename, name) ? (rename[name] ?? name) : name;
    if (!Object.hasOwn(form.fieldInfo, field)) continue;
    // Marked as the field's own error, so the form's next validation keeps it.
    form.setFieldMeta(field, (prev) => ({
      ...prev,
      errorMap: { ...prev.errorMap, onServer: message },
      errorSourceMap: { ...prev.errorSourceMap, onServer: 'field' },
    }));
    landed.push(field);
  }
  return landed;
}

/**
 * Submits a form the kit's way: a rejected `onSubmit` keeps the form (and its dialog) open with
 * the user's values, its 400 field errors on the fields. API failures have been toasted by the
 * api client; anything else is a bug and is logged.
 */
export async function submitForm(form: AnyFormApi): Promise<void> {
  try {
    await form.handleSubmit();
  } catch (error) {
    applyServerErrors(form, error);
    if (!(error instanceof ApiError) && !(error instanceof InvalidJsonError)) console.error(error);
  }
}
