import { createFormHook } from '@tanstack/react-form';
import {
  BoundCheckboxField,
  BoundMultiSelectField,
  BoundSelectField,
  BoundToggleField,
} from './bound-choice-fields';
import {
  BoundDateField,
  BoundDateTimeField,
  BoundNumberField,
  BoundTextAreaField,
  BoundTextField,
} from './bound-text-fields';
import { BoundFileField } from './bound-file-fields';
import { Form } from './Form';
import { fieldContext, formContext } from './form-context';
import { FormSubmitButton } from './SubmitButton';

/**
 * THE way to build a form: `useAppForm` is TanStack Form's `useForm` plus the kit's bound fields
 * (`<form.AppField name="x">{(field) => <field.Text label="X" />}</form.AppField>`) and form
 * parts (`form.Form`, `form.SubmitButton`). See README.md.
 */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    Text: BoundTextField,
    Number: BoundNumberField,
    Date: BoundDateField,
    DateTime: BoundDateTimeField,
    TextArea: BoundTextAreaField,
    Select: BoundSelectField,
    MultiSelect: BoundMultiSelectField,
    Toggle: BoundToggleField,
    Checkbox: BoundCheckboxField,
    File: BoundFileField,
  },
  formComponents: { Form, SubmitButton: FormSubmitButton },
});
