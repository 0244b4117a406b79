import type { FieldErrors } from '@shared/api/validation';

export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain NUL characters or unpaired surrogates';

/**
 * NUL, or a surrogate without its pair: PostgreSQL refuses the first in text and jsonb, and the
 * second is no UTF-8 at all. In unicode mode a well-formed pair is one code point outside the class.
 */
const UNSTORABLE = /[\0\ud800-\udfff]/u;

export const isUnstorableText = (text: string): boolean => UNSTORABLE.test(text);

/** At most this many fields are named; the first is enough to fix a request. */
const MAX_REPORTED = 20;

/**
 * The fields of a request part (parsed JSON, params, query, headers) whose text, or whose keys,
 * cannot be stored, as `{ errors }` fields (dotted paths, `_` for the part itself). Walks with
 * its own stack, so a deeply nested body cannot overflow the call stack. Undefined when clean.
 */
export function unstorableTextFields(data: unknown): FieldErrors | undefined {
  // A Map: paths come from the request's own keys ('constructor', '__proto__').
  const errors = new Map<string, string>();
  const stack: { value: unknown; path: string }[] = [{ value: data, path: '' }];
  const report = (path: string) => errors.set(path || '_', UNSTORABLE_TEXT_MESSAGE);
  while (stack.length > 0 && errors.size < MAX_REPORTED) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (isUnstorableText(value)) report(path);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: path ? `${path}.${i}` : String(i) });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        // A bad key is reported on its object: echoing it back would repeat the problem.
        if (isUnstorableText(key)) report(path);
        else stack.push({ value: item, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return errors.size > 0 ? Object.fromEntries(errors) : undefined;
}
