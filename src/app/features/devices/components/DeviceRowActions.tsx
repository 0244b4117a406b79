import type { Device } from '@shared/devices/devices';
import { RowIconButton } from '@app/components/list/table';
import { SwapIcon } from '@app/components/ui/icons';
import type { SelectionAccess } from '@app/features/devices/access';

/** Why selection and Change Customer are disabled for users who are not resellers. */
export const ONLY_RESELLERS = 'Only resellers can change the customer of a device';

interface ChangeButtonProps {
  device: Device;
  access: SelectionAccess;
  onChangeCustomer: (device: Device) => void;
  /** Icon and label (phone cards), or the icon alone (table rows). */
  withLabel: boolean;
}

/** The per-row 'Change Customer' action. */
export function ChangeCustomerButton({
  device,
  access,
  onChangeCustomer,
  withLabel,
}: ChangeButtonProps) {
  const disabled = access !== 'enabled';
  return (
    <RowIconButton
      icon={SwapIcon}
      label="Change Customer"
      title={disabled ? ONLY_RESELLERS : `Change the customer of ${device.IMEI}`}
      disabled={disabled}
      withLabel={withLabel}
      onClick={() => {
        onChangeCustomer(device);
      }}
    />
  );
}
