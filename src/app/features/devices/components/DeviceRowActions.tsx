import type { Device } from '../../../../shared/devices';
import type { SelectionAccess } from '../access';
import { SwapIcon } from '../../../components/ui/icons';

const NOT_ALLOWED = 'Only resellers can change the customer of a device';

interface SelectBoxProps {
  access: SelectionAccess;
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: () => void;
}

/** A selection checkbox; disabled (with the reason as its tooltip) for non-resellers. */
export function SelectBox({
  access,
  label,
  checked,
  indeterminate = false,
  onChange,
}: SelectBoxProps) {
  const disabled = access !== 'enabled';
  return (
    <input
      type="checkbox"
      aria-label={label}
      title={disabled ? NOT_ALLOWED : undefined}
      checked={checked}
      disabled={disabled}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      onChange={onChange}
      className="size-4 cursor-pointer rounded border-slate-300 accent-brand-700 disabled:cursor-not-allowed disabled:opacity-40"
    />
  );
}

interface ChangeButtonProps {
  device: Device;
  access: SelectionAccess;
  onChangeCustomer: (device: Device) => void;
  /** Icon only (table rows) or icon and label (cards). */
  compact?: boolean;
}

/** The per-row 'Change Customer' action. */
export function ChangeCustomerButton({
  device,
  access,
  onChangeCustomer,
  compact = false,
}: ChangeButtonProps) {
  const disabled = access !== 'enabled';
  return (
    <button
      type="button"
      aria-label={compact ? 'Change Customer' : undefined}
      title={disabled ? NOT_ALLOWED : `Change the customer of ${device.IMEI}`}
      disabled={disabled}
      onClick={() => {
        onChangeCustomer(device);
      }}
      className={`inline-flex items-center justify-center gap-1.5 rounded-lg text-sm font-medium text-brand-700 hover:bg-brand-50 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent ${compact ? 'size-8' : 'h-9 px-3 ring-1 ring-slate-200 ring-inset'}`}
    >
      <SwapIcon className="size-4.5" />
      {!compact && 'Change Customer'}
    </button>
  );
}
