import { DateField as FormDateField } from '@app/components/form/DateField';

interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD; shown and typed as DD-MM-YYYY. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * The panel's start and end day: the form kit's date field (DD-MM-YYYY whatever the browser's
 * language, a calendar button; issue 25), imported from its file so the panel does not load
 * TanStack Form. Half-typed text keeps the last day and says what it wants once left.
 */
export function DateField(props: DateFieldProps) {
  return <FormDateField {...props} />;
}
