import type { Endpoint } from '@shared/forwards/endpoints';
import { RowIconButton } from '@app/components/list/table';
import { PencilIcon, TrashIcon } from '@app/components/ui/icons';

interface EndpointRowActionsProps {
  endpoint: Endpoint;
  onEdit: (endpoint: Endpoint) => void;
  onDelete: (endpoint: Endpoint) => void;
  withLabel: boolean;
}

/** Edit and delete of one endpoint row (the page leaves them out where the caller may not). */
export function EndpointRowActions({
  endpoint,
  onEdit,
  onDelete,
  withLabel,
}: EndpointRowActionsProps) {
  return (
    <span className="inline-flex gap-1">
      <RowIconButton
        icon={PencilIcon}
        label={withLabel ? 'Edit' : `Edit ${endpoint.Name}`}
        title="Edit"
        withLabel={withLabel}
        onClick={() => {
          onEdit(endpoint);
        }}
      />
      <RowIconButton
        icon={TrashIcon}
        tone="danger"
        label={withLabel ? 'Delete' : `Delete ${endpoint.Name}`}
        title="Delete"
        withLabel={withLabel}
        onClick={() => {
          onDelete(endpoint);
        }}
      />
    </span>
  );
}
