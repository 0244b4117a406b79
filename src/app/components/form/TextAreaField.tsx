import { Textarea, type TextareaProps } from '@headlessui/react';
import { textAreaClass } from './control-styles';
import { FieldShell, splitShellProps, type FieldShellProps } from './FieldShell';

export type TextAreaFieldProps = Omit<FieldShellProps, 'children'> &
  Omit<TextareaProps, 'className' | 'invalid' | 'disabled' | 'children'>;

export function TextAreaField(props: TextAreaFieldProps) {
  const { shell, control } = splitShellProps(props);
  return (
    <FieldShell {...shell}>
      <Textarea rows={3} {...control} invalid={Boolean(shell.error)} className={textAreaClass} />
    </FieldShell>
  );
}
