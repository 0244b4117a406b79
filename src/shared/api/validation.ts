import * as v from 'valibot';

/** The `{ errors: { field: message } }` body of a 400 answer (spec 01 §8). */
export interface FieldErrors {
  [field: string]: string;
}

/**
 * Turns valibot issues into one message per field, the shape the server answers with
 * and the client shows. Issues without a path land on `_` (the form as a whole).
 */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  // A Map, so a field named like an Object.prototype member ('constructor') still gets its message.
  const errors = new Map<string, string>();
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    if (!errors.has(key)) errors.set(key, issue.message);
  }
  return Object.fromEntries(errors);
}
