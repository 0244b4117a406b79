import { InputField, SelectField, ToggleField } from '@app/components/form';
import type { SettingField } from '@app/features/device-detail/model/setting-fields';

export interface SettingInputProps {
  field: SettingField;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  applied: string | undefined;
  error: string | undefined;
  /** Under the control, when there is no error. */
  hint?: string | undefined;
  disabled: boolean;
}

/** One setting as the control its kind calls for. */
export function SettingInput({
  field,
  value,
  onChange,
  onBlur,
  applied,
  error,
  hint,
  disabled,
}: SettingInputProps) {
  if (field.kind === 'toggle') {
    return (
      // Toggles are sent as text: '1' on, '0' off (spec 01 §3).
      <ToggleField
        label={field.label}
        checked={value === '1'}
        onChange={(on) => {
          onChange(on ? '1' : '0');
        }}
        applied={applied}
        hint={hint}
        disabled={disabled}
      />
    );
  }
  if (field.kind === 'choice') {
    return (
      <SelectField
        label={field.label}
        name={field.name}
        value={value}
        options={field.options ?? []}
        onChange={onChange}
        onBlur={onBlur}
        applied={applied}
        error={error}
        hint={hint}
        disabled={disabled}
      />
    );
  }
  const notApplicable = field.notApplicable?.(value) ?? false;
  return (
    <InputField
      label={field.label}
      name={field.name}
      // N/A replaces the stored marker value, which means nothing to an installer.
      value={notApplicable ? '' : value}
      placeholder={notApplicable ? 'N/A' : undefined}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      onBlur={onBlur}
      inputMode={field.kind === 'text' ? 'text' : field.kind === 'decimal' ? 'decimal' : 'numeric'}
      autoComplete="off"
      unit={field.unit}
      applied={applied}
      error={error}
      hint={hint}
      disabled={disabled || notApplicable || field.readOnly === true}
    />
  );
}
