import type { Forward } from '@shared/forwards';
import { RowIconButton } from '@app/components/list/table';
import { PencilIcon, TrashIcon } from '@app/components/ui/icons';

interface ForwardRowActionsProps {
  forward: Forward;
  onEdit: (forward: Forward) => void;
  onDelete: (forward: Forward) => void;
  withLabel: boolean;
}

/** Edit and delete of one forward row (left out for those who may not change it). */
export function ForwardRowActions({
  forward,
  onEdit,
  onDelete,
  withLabel,
}: ForwardRowActionsProps) {
  return (
    <span className="inline-flex gap-1">
      <RowIconButton
        icon={PencilIcon}
        label={withLabel ? 'Edit' : `Edit ${forward.Name}`}
        title="Edit"
        withLabel={withLabel}
        onClick={() => {
          onEdit(forward);
        }}
      />
      <RowIconButton
        icon={TrashIcon}
        tone="danger"
        label={withLabel ? 'Delete' : `Delete ${forward.Name}`}
        title="Delete"
        withLabel={withLabel}
        onClick={() => {
          onDelete(forward);
        }}
      />
    </span>
  );
}
