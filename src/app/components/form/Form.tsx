import type { AnyFormApi } from '@tanstack/react-form';
import { useEffect, type ComponentProps } from 'react';
import { useFormContext } from './form-context';
import { submitForm } from './server-errors';

/**
 * Checks the values against the form's rules once shown, so Save is off for an invalid start
 * (TanStack Form validates on change only), and again when the start values change (they came
 * from the server after the form was shown). Errors still show only once a field is touched.
 */
export function useValidateOnShow(form: AnyFormApi, shown = true) {
  const start = JSON.stringify(form.options.defaultValues ?? null);
  useEffect(() => {
    if (shown && start) void form.validate('change');
  }, [form, shown, start]);
}

/**
 * A page form (`form.Form`, inside `form.AppForm`): a `<form>` whose submit (Save, or Enter in a
 * field) runs the kit's submit, with the browser's own validation off.
 */
export function Form({
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'>) {
  const form = useFormContext();
  useValidateOnShow(form);
  return (
    <form
      {...props}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void submitForm(form);
      }}
    >
      {children}
    </form>
  );
}
