import { Description, Field, Input, Label, type InputProps } from '@headlessui/react';

interface TextFieldProps extends Omit<InputProps, 'className' | 'invalid'> {
  label: string;
  /** Shown under the field and linked to it, which also marks the field invalid. */
  error?: string | undefined;
  hint?: string;
}

/**
 * The sign-in page's field. Every other form uses the form kit (components/form); importing even
 * its InputField put the kit's chunk, TanStack Form included, on the sign-in page (decision 022).
 */
export function TextField({ label, error, hint, ...props }: TextFieldProps) {
  return (
    <Field className="flex flex-col gap-1.5">
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      <Input
        {...props}
        invalid={Boolean(error)}
        className="block h-11 w-full rounded-lg border-0 bg-white px-3 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:outline-none data-focus:ring-2 data-focus:ring-brand-600 data-invalid:ring-rose-500 sm:text-sm"
      />
      {error ? (
        <Description className="text-sm text-rose-600">{error}</Description>
      ) : (
        hint && <Description className="text-sm text-slate-500">{hint}</Description>
      )}
    </Field>
  );
}
