import type { Firmware } from '@shared/libraries/firmware-library';
import { RowIconButton } from '@app/components/list/table';
import { PencilIcon, TrashIcon } from '@app/components/ui/icons';

interface FirmwareRowActionsProps {
  firmware: Firmware;
  /** What the buttons name: the version, its type and device type ('4.03.00 Application QAN-ALL 4G'). */
  name: string;
  onEdit: (firmware: Firmware) => void;
  onDelete: (firmware: Firmware) => void;
  withLabel: boolean;
}

/** Edit, and delete only while the firmware is not Active (spec 03 §2, §4). */
export function FirmwareRowActions({
  firmware,
  name,
  onEdit,
  onDelete,
  withLabel,
}: FirmwareRowActionsProps) {
  return (
    <span className="inline-flex gap-1">
      <RowIconButton
        icon={PencilIcon}
        label={withLabel ? 'Edit' : `Edit ${name}`}
        title="Edit"
        withLabel={withLabel}
        onClick={() => {
          onEdit(firmware);
        }}
      />
      {firmware.Active ? (
        // Keeps Edit in one column down the table, whether a row offers Delete or not.
        !withLabel && <span aria-hidden="true" className="w-11" />
      ) : (
        <RowIconButton
          icon={TrashIcon}
          tone="danger"
          label={withLabel ? 'Delete' : `Delete ${name}`}
          title="Delete"
          withLabel={withLabel}
          onClick={() => {
            onDelete(firmware);
          }}
        />
      )}
    </span>
  );
}
