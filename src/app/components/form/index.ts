// The form kit: one way to build a form screen or a form dialog (README.md).
export { useAppForm, withForm } from './use-app-form';
export { formValues } from './schema-values';
export { FormDialog, type FormDialogProps, type KitForm } from './FormDialog';
export { useValidateOnShow } from './Form';
export { FormActions } from './FormActions';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { applyServerErrors, submitForm } from './server-errors';
export { errorText } from './field-state';
// The controls themselves, for a form that keeps its own state (filters, settings grids).
export { FieldShell, AppliedValue, type FieldShellProps } from './FieldShell';
export { controlClass } from './control-styles';
export { FieldTip } from './FieldTip';
export { InputField, type InputFieldProps } from './InputField';
export { SelectField, type SelectFieldProps } from './SelectField';
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField';
export { ToggleField, type ToggleFieldProps } from './ToggleField';
export { CheckListField, type CheckListFieldProps } from './CheckListField';
export { FileField, type FileFieldProps } from './FileField';
export { DateField, type DateFieldProps } from './DateField';
export { DateInput, type DateInputProps } from './DateInput';
export { dateText, readDateText, type DateMode, type ReadDate } from './date-text';
export { fileLabel, fileRuleHint, formatFileSize, type FileRule } from './file-size';
export { isBlank, optionDomValue, type Option, type OptionValue } from './options';
