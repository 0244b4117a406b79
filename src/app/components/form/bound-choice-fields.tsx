import { CheckListField, type CheckListFieldProps } from './CheckListField';
import { useBoundField } from './field-state';
import type { OptionValue } from './options';
import { SelectField, type SelectFieldProps } from './SelectField';
import { ToggleField, type ToggleFieldProps } from './ToggleField';

type Bound<P> = Omit<P, 'name' | 'value' | 'checked' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A native select bound to a field holding one option's value (text, an id, or null). A field
 * starting on a `placeholder` option ('--', 0) is new, not a stored value to fix.
 */
export function BoundSelectField<V extends OptionValue>(props: Bound<SelectFieldProps<V>>) {
  const isPlaceholder = (value: V) =>
    props.options.some((option) => option.placeholder === true && option.value === value);
  return <SelectField<V> {...props} {...useBoundField<V>(props.disabled, isPlaceholder)} />;
}

/** Checkboxes bound to a field holding the chosen values (ids of features, say). */
export function BoundMultiSelectField<V extends string | number>(
  props: Bound<CheckListFieldProps<V>>,
) {
  return <CheckListField<V> {...props} {...useBoundField<V[]>(props.disabled)} />;
}

type BoundToggleProps = Bound<Omit<ToggleFieldProps, 'look'>>;

function BoundToggle({ look, ...props }: BoundToggleProps & { look: ToggleFieldProps['look'] }) {
  const { value, ...field } = useBoundField<boolean>(props.disabled);
  return <ToggleField {...props} {...field} look={look} checked={value} />;
}

/** An on/off switch bound to a boolean field. */
export const BoundToggleField = (props: BoundToggleProps) => (
  <BoundToggle {...props} look="switch" />
);

/** A checkbox bound to a boolean field. */
export const BoundCheckboxField = (props: BoundToggleProps) => (
  <BoundToggle {...props} look="checkbox" />
);
