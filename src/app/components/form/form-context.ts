import { createFormHookContexts } from '@tanstack/react-form';

/** The contexts the bound fields and form parts read their field and form from. */
export const { fieldContext, useFieldContext, formContext, useFormContext } =
  createFormHookContexts();
