import { Checkbox, Field, Label, Switch } from '@headlessui/react';
import { CheckIcon } from '@app/components/ui/icons';
import { checkboxClass, switchClass } from './control-styles';
import { AppliedValue, FieldMessage, splitShellProps, type FieldShellProps } from './FieldShell';
import { FieldTip } from './FieldTip';

export interface ToggleFieldProps extends Omit<FieldShellProps, 'children' | 'hideLabel'> {
  checked: boolean;
  onChange?: (checked: boolean) => void;
  onBlur?: () => void;
  name?: string;
  /** 'switch' (on/off, the label on the left) or 'checkbox' (a tick, the label on the right). */
  look?: 'switch' | 'checkbox';
}

/** One yes/no choice in a 44 px row; its label toggles it as well as the control. */
export function ToggleField(props: ToggleFieldProps) {
  const { shell, control: toggle } = splitShellProps(props);
  const { label, applied, error, hint, tooltip, disabled = false, className = '' } = shell;
  const { look = 'switch', ...state } = toggle;
  const control = { ...state, 'aria-invalid': error ? true : undefined };
  const caption = (
    <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2">
      <Label className="cursor-pointer text-sm font-medium text-slate-800 data-disabled:cursor-not-allowed data-disabled:text-slate-600">
        {label}
      </Label>
      {tooltip && <FieldTip text={tooltip} />}
      {applied && <AppliedValue value={applied} />}
    </span>
  );
  return (
    <Field disabled={disabled} className={`flex flex-col gap-1 sm:self-end ${className}`}>
      <div className="flex min-h-11 items-center gap-3">
        {look === 'checkbox' ? (
          <>
            <Checkbox {...control} className={checkboxClass}>
              <CheckIcon className="size-4 stroke-[3] text-white opacity-0 group-data-checked:opacity-100" />
            </Checkbox>
            {caption}
          </>
        ) : (
          <>
            {caption}
            <Switch {...control} className={switchClass}>
              <span className="pointer-events-none inline-block size-5 translate-x-1 translate-y-1 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-6" />
            </Switch>
          </>
        )}
      </div>
      <FieldMessage error={error} hint={hint} />
    </Field>
  );
}
