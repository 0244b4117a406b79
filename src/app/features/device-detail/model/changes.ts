import { settingValueIssue } from '@shared/devices/device-settings';
import type { SettingValue } from '@shared/devices/devices';
import type { ConfigValues } from './config-values';
import type { SettingField } from './setting-fields';

export type FormValues = Record<string, string>;

const normalised = (field: SettingField, value: string | undefined) =>
  field.normalise ? field.normalise(value ?? '') : (value ?? '');

/** The form's starting values: the pending configuration, normalised per field. */
export function initialValues(fields: readonly SettingField[], pending: ConfigValues): FormValues {
  return Object.fromEntries(
    fields.map((field) => [field.name, normalised(field, pending[field.name])]),
  );
}

/** The settings to send: every editable field whose value differs from where it started. */
export function changedSettings(
  fields: readonly SettingField[],
  initial: FormValues,
  values: FormValues,
): SettingValue[] {
  return fields
    .filter((field) => !field.readOnly && values[field.name] !== initial[field.name])
    .map((field) => ({ SettingName: field.name, Value: values[field.name] ?? '' }));
}

/** The shared rule's complaint about a changed value; untouched values are not judged. */
export function changeIssue(
  field: SettingField,
  initial: FormValues,
  value: string,
): string | undefined {
  if (field.readOnly || value === initial[field.name]) return undefined;
  return settingValueIssue(field.name, value);
}

/** Both sides normalised, so '' and the empty GUID count as the same profile. */
export function appliedPair(field: SettingField, pending: ConfigValues, applied: ConfigValues) {
  return {
    pending: normalised(field, pending[field.name]),
    applied: normalised(field, applied[field.name]),
  };
}
