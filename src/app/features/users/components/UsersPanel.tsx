import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { User } from '@shared/access/users';
import { Button } from '@app/components/ui/Button';
import { PlusIcon } from '@app/components/ui/icons';
import { TabCard } from '@app/components/ui/TabCard';
import { useCan } from '@app/lib/permissions';
import { userQueries } from '@app/features/users/api/users';
import { RemoveUserDialog } from './RemoveUserDialog';
import { UsersTable } from './UsersTable';

// The form kit loads with the first dialog opened, not with the panel.
const UserDialog = lazy(() => import('./UserDialog').then((m) => ({ default: m.UserDialog })));

interface UsersPanelProps {
  customerId: number;
  /** The add button's text: 'Add user' on the customer detail, 'Add users' on the account page. */
  addLabel: 'Add user' | 'Add users';
}

type Editing = { kind: 'add' } | { kind: 'update'; user: User } | null;

/**
 * A customer's users (spec 02 "Customer detail" Users tab, "Account page" Users tab): Id, Email,
 * Role, the add button (not for Viewers) and each row's edit and delete.
 */
export function UsersPanel({ customerId, addLabel }: UsersPanelProps) {
  const users = useQuery(userQueries.ofCustomer(customerId));
  const mayAdd = useCan('users.create');
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<User | null>(null);
  const close = () => {
    setEditing(null);
  };

  return (
    <TabCard
      title="Users"
      actions={
        mayAdd && (
          <Button
            onClick={() => {
              setEditing({ kind: 'add' });
            }}
          >
            <PlusIcon className="size-4" />
            {addLabel}
          </Button>
        )
      }
    >
      <UsersTable
        query={users}
        onEdit={(user) => {
          setEditing({ kind: 'update', user });
        }}
        onRemove={setRemoving}
      />
      <Suspense fallback={null}>
        {editing?.kind === 'add' && <UserDialog customerId={customerId} onClose={close} />}
        {editing?.kind === 'update' && (
          <UserDialog
            key={editing.user.Id}
            customerId={customerId}
            user={editing.user}
            onClose={close}
          />
        )}
      </Suspense>
      <RemoveUserDialog
        user={removing}
        onClose={() => {
          setRemoving(null);
        }}
      />
    </TabCard>
  );
}
