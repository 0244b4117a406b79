import { ChevronDownIcon } from '@app/components/ui/icons';
import { focusRing } from '@app/components/ui/focus';
import type { ExpandOptions, RowFeatures, SelectionOptions } from './row-features';

interface RowCheckboxProps {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabledReason?: string | undefined;
  onChange: () => void;
}

/**
 * A selection checkbox inside a 44 × 44 px target (a finger finds it on a tablet as well as a
 * phone); disabled ones carry the reason as a tooltip.
 */
export function RowCheckbox({
  label,
  checked,
  indeterminate = false,
  disabledReason,
  onChange,
}: RowCheckboxProps) {
  const disabled = disabledReason !== undefined;
  return (
    <label
      title={disabledReason}
      className={`grid size-11 shrink-0 place-items-center ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}
    >
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        ref={(el) => {
          if (el) el.indeterminate = indeterminate;
        }}
        onChange={onChange}
        className={`size-4.5 cursor-[inherit] rounded border-slate-400 accent-brand-700 disabled:opacity-50 ${focusRing}`}
      />
    </label>
  );
}

interface ExpandToggleProps {
  label: string;
  open: boolean;
  controls: string;
  onToggle: () => void;
}

/** Opens a row's details under it. */
export function ExpandToggle({ label, open, controls, onToggle }: ExpandToggleProps) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={label}
      onClick={onToggle}
      className={`grid size-11 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 ${focusRing}`}
    >
      <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
    </button>
  );
}

/** A row's own checkbox, as the table row and the card both show it. */
export function RowSelectBox<T>({
  selection,
  row,
  selected,
}: {
  selection: SelectionOptions<T>;
  row: T;
  selected: boolean;
}) {
  return (
    <RowCheckbox
      label={selection.label(row)}
      checked={selected}
      disabledReason={selection.disabledReason}
      onChange={() => {
        selection.state.toggle(row);
      }}
    />
  );
}

/** A row's details toggle, as the table row and the card both show it. */
export function RowExpandToggle<T>({
  expand,
  features,
  row,
  open,
}: {
  expand: ExpandOptions<T>;
  features: RowFeatures<T>;
  row: T;
  open: boolean;
}) {
  return (
    <ExpandToggle
      label={expand.label(row, open)}
      open={open}
      controls={expand.id(row)}
      onToggle={() => {
        features.onToggleExpanded(features.rowKey(row));
      }}
    />
  );
}
