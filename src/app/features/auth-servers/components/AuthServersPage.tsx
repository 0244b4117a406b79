import { lazy, Suspense, useMemo, useState } from 'react';
import type { AuthServer } from '@shared/access/auth-servers';
import type { AuthServerSearchFilter } from '@shared/access/auth-servers-list';
import { ListPage, useServerList, type RowActions, type SearchBinding } from '@app/components/list';
import { Button } from '@app/components/ui/Button';
import { PlusIcon } from '@app/components/ui/icons';
import { useCan } from '@app/lib/permissions';
import { authServerList } from '@app/features/auth-servers/api/auth-server-list';
import { authServerColumns } from './auth-server-columns';
import { AuthServerRowActions } from './AuthServerRowActions';
import { RemoveAuthServerDialog } from './RemoveAuthServerDialog';

// The form kit loads with the first dialog opened, not with the list.
const AuthServerDialog = lazy(() =>
  import('./AuthServerDialog').then((m) => ({ default: m.AuthServerDialog })),
);

const serverKey = (server: AuthServer) => server.Id;
const NOUN = { one: 'authentication server', many: 'authentication servers' };
const EMPTY = {
  title: 'No authServers found',
  text: 'Remote tachograph downloads authenticate through a server added here.',
};

type Editing = { server?: AuthServer } | null;

/**
 * /tacho (spec 02 "Authentication server list", admins): searched on the server by Name, IP or
 * Forward and filtered by customer; 'New Authentication Server', edit and delete.
 */
export function AuthServersPage(binding: SearchBinding<AuthServerSearchFilter>) {
  const mayWrite = useCan('authServers.write');
  const list = useServerList(authServerList, binding);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AuthServer | null>(null);

  const rowActions = useMemo<RowActions<AuthServer> | undefined>(
    () =>
      mayWrite
        ? {
            width: 96,
            render: (server, layout) => (
              <AuthServerRowActions
                server={server}
                onEdit={(s) => {
                  setEditing({ server: s });
                }}
                onDelete={setRemoving}
                withLabel={layout === 'card'}
              />
            ),
          }
        : undefined,
    [mayWrite],
  );

  return (
    <ListPage
      title="Authentication Servers"
      wide
      actions={
        mayWrite && (
          <Button
            onClick={() => {
              setEditing({});
            }}
          >
            <PlusIcon className="size-4" />
            New Authentication Server
          </Button>
        )
      }
      list={list}
      columns={authServerColumns}
      rowKey={serverKey}
      noun={NOUN}
      empty={EMPTY}
      customerFilter
      rowActions={rowActions}
    >
      <Suspense fallback={null}>
        {editing && (
          <AuthServerDialog
            key={editing.server?.Id ?? 'new'}
            server={editing.server}
            onClose={() => {
              setEditing(null);
            }}
          />
        )}
      </Suspense>
      <RemoveAuthServerDialog
        server={removing}
        onClose={() => {
          setRemoving(null);
        }}
      />
    </ListPage>
  );
}
