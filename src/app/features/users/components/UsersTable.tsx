import type { UseQueryResult } from '@tanstack/react-query';
import type { User } from '@shared/access/users';
import { ResponsiveTable, RowIconButton, type Column } from '@app/components/list/table';
import { EmptyState } from '@app/components/ui/EmptyState';
import { InboxIcon, PencilIcon, TrashIcon } from '@app/components/ui/icons';
import { QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { useSession } from '@app/lib/use-session';
import { userRowAccess } from '@app/features/users/model/user-form';

const columns: readonly Column<User>[] = [
  { header: 'Id', className: 'tabular-nums md:w-20', cell: (u) => u.Id },
  { header: 'Email', className: 'break-all', cell: (u) => u.Email },
  { header: 'Role', className: 'md:w-40', cell: (u) => u.Role },
];

const userKey = (user: User) => user.Id;

interface UsersTableProps {
  query: UseQueryResult<User[]>;
  onEdit: (user: User) => void;
  onRemove: (user: User) => void;
}

/** The users table with its loading, error and empty states; each row's edit and delete. */
export function UsersTable({ query, onEdit, onRemove }: UsersTableProps) {
  const auth = useSession()?.auth;
  if (query.isPending) return <TableSkeleton label="Loading the users" />;
  if (query.isError) return <QueryError title="The users could not be loaded" query={query} />;
  if (query.data.length === 0) {
    return (
      <EmptyState icon={InboxIcon} title="No users found">
        This customer has no users yet.
      </EmptyState>
    );
  }
  const anyActions = query.data.some((u) => {
    const access = userRowAccess(u, auth);
    return access.edit || access.remove;
  });
  return (
    <ResponsiveTable
      label="Users"
      columns={columns}
      rows={query.data}
      rowKey={userKey}
      actions={
        anyActions
          ? (user) => {
              const access = userRowAccess(user, auth);
              return (
                <>
                  {access.edit && (
                    <RowIconButton
                      icon={PencilIcon}
                      label={`Edit ${user.Email}`}
                      title="Edit"
                      onClick={() => {
                        onEdit(user);
                      }}
                    />
                  )}
                  {access.remove && (
                    <RowIconButton
                      icon={TrashIcon}
                      tone="danger"
                      label={`Delete ${user.Email}`}
                      title="Delete"
                      onClick={() => {
                        onRemove(user);
                      }}
                    />
                  )}
                </>
              );
            }
          : undefined
      }
    />
  );
}
