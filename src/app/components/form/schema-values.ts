import type * as v from 'valibot';

/**
 * A form's start values, typed as an input of the route's schema. TanStack Form types a
 * validator by exactly the form's value type, and server schemas are lenient (optional fields
 * with defaults), so values typed this way let the schema be the form's rules unchanged:
 * `useAppForm({ defaultValues: formValues(Schema, {...}), validators: { onChange: Schema } })`.
 */
export const formValues = <S extends v.GenericSchema>(_schema: S, values: v.InferInput<S>) =>
  values;
