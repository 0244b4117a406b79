import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './validation';

describe('toFieldErrors', () => {
  it('keeps the first message per field', () => {
    const schema = v.object({ a: v.pipe(v.string(), v.minLength(3, 'short'), v.email('email')) });
    const result = v.safeParse(schema, { a: 'x' }, { abortPipeEarly: false });
    expect(toFieldErrors(result.issues ?? [])).toEqual({ a: 'short' });
  });

  it("names fields called like Object.prototype members ('constructor', 'toString')", () => {
    const schema = v.object({ constructor: v.string('text'), toString: v.number('number') });
    const result = v.safeParse(schema, { constructor: 1, toString: 'x' });
    const errors = toFieldErrors(result.issues ?? []);
    expect(Object.hasOwn(errors, 'constructor')).toBe(true);
    expect(Object.entries(errors)).toEqual([
      ['constructor', 'text'],
      ['toString', 'number'],
    ]);
  });
});
