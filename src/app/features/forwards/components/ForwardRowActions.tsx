import type { Forward } from '@shared/forwards/forwards';
import { ActivityIcon } from '@app/components/forward-health';
import { RowIconButton } from '@app/components/list/table';
import { PencilIcon, TrashIcon } from '@app/components/ui/icons';

interface ForwardRowActionsProps {
  forward: Forward;
  onHealth: (forward: Forward) => void;
  /** Edit and delete; left out for those who may not change the forward. */
  change?: { onEdit: (forward: Forward) => void; onDelete: (forward: Forward) => void } | undefined;
  withLabel: boolean;
}

/** The health panel of one forward row (everyone), and its edit and delete (for those who may). */
export function ForwardRowActions({
  forward,
  onHealth,
  change,
  withLabel,
}: ForwardRowActionsProps) {
  return (
    // Side by side in the table (the column fits them exactly); apart on a card's footer.
    <span className={`inline-flex ${withLabel ? 'gap-1' : ''}`}>
      <RowIconButton
        icon={ActivityIcon}
        label={withLabel ? 'Health' : `Health of ${forward.Name}`}
        title="Health"
        withLabel={withLabel}
        onClick={() => {
          onHealth(forward);
        }}
      />
      {change && (
        <>
          <RowIconButton
            icon={PencilIcon}
            label={withLabel ? 'Edit' : `Edit ${forward.Name}`}
            title="Edit"
            withLabel={withLabel}
            onClick={() => {
              change.onEdit(forward);
            }}
          />
          <RowIconButton
            icon={TrashIcon}
            tone="danger"
            label={withLabel ? 'Delete' : `Delete ${forward.Name}`}
            title="Delete"
            withLabel={withLabel}
            onClick={() => {
              change.onDelete(forward);
            }}
          />
        </>
      )}
    </span>
  );
}
