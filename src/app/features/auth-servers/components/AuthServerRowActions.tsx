import type { AuthServer } from '@shared/access/auth-servers';
import { RowIconButton } from '@app/components/list/table';
import { PencilIcon, TrashIcon } from '@app/components/ui/icons';

interface AuthServerRowActionsProps {
  server: AuthServer;
  onEdit: (server: AuthServer) => void;
  onDelete: (server: AuthServer) => void;
  withLabel: boolean;
}

/** Edit and delete of one server row (admins only). */
export function AuthServerRowActions({
  server,
  onEdit,
  onDelete,
  withLabel,
}: AuthServerRowActionsProps) {
  return (
    <span className="inline-flex gap-1">
      <RowIconButton
        icon={PencilIcon}
        label={withLabel ? 'Edit' : `Edit ${server.Name}`}
        title="Edit"
        withLabel={withLabel}
        onClick={() => {
          onEdit(server);
        }}
      />
      <RowIconButton
        icon={TrashIcon}
        tone="danger"
        label={withLabel ? 'Delete' : `Delete ${server.Name}`}
        title="Delete"
        withLabel={withLabel}
        onClick={() => {
          onDelete(server);
        }}
      />
    </span>
  );
}
