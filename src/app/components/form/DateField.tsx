import { useState } from 'react';
import { DateInput, type DateInputProps } from './DateInput';
import type { ReadDate } from './date-text';
import { FieldShell, splitShellProps, type FieldShellProps } from './FieldShell';

/**
 * What a date field's text reads as: the problem of text that is no date, shown once the field
 * was left (`shownAfter` adds another moment, a submit), so half-typed text is not scolded.
 */
export function useDateProblem(shownAfter = false) {
  const [problem, setProblem] = useState<string>();
  const [left, setLeft] = useState(false);
  return {
    /** The text reads as no date; other errors (about the value behind it) wait. */
    unreadable: problem !== undefined,
    shown: left || shownAfter ? problem : undefined,
    read: (read: ReadDate) => {
      setProblem(read.problem);
    },
    leave: () => {
      setLeft(true);
    },
  };
}

export interface DateFieldProps
  extends
    Omit<FieldShellProps, 'children'>,
    Omit<DateInputProps, 'onChange' | 'invalid' | 'disabled' | 'className'> {
  /** Called with the form value (YYYY-MM-DD, or YYYY-MM-DDTHH:mm; '' for none) once text reads. */
  onChange: (value: string) => void;
}

/**
 * A labelled date field outside a TanStack form (a filter's range): DD-MM-YYYY with a calendar
 * button. Text that reads as no date keeps the last value and says what form it wants.
 */
export function DateField({ onChange, onBlur, ...props }: DateFieldProps) {
  const { shell, control } = splitShellProps(props);
  const problem = useDateProblem();
  const error = problem.shown ?? (problem.unreadable ? undefined : shell.error);
  return (
    <FieldShell {...shell} error={error}>
      <DateInput
        {...control}
        disabled={shell.disabled}
        invalid={Boolean(error)}
        onChange={(read) => {
          problem.read(read);
          if (read.problem === undefined) onChange(read.value);
        }}
        onBlur={(event) => {
          problem.leave();
          onBlur?.(event);
        }}
      />
    </FieldShell>
  );
}
