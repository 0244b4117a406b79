import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { Endpoint, EndpointSearchFilter } from '@shared/forwards/endpoints';
import { ListPage, useServerList, type RowActions, type SearchBinding } from '@app/components/list';
import { Button } from '@app/components/ui/Button';
import { PlusIcon } from '@app/components/ui/icons';
import { useSession } from '@app/lib/use-session';
import { endpointList } from '@app/features/endpoints/api/endpoint-list';
import { endpointAccess, mayChange } from '@app/features/endpoints/model/endpoint-form';
import { endpointColumns } from './endpoint-columns';
import { EndpointRowActions } from './EndpointRowActions';
import { RemoveEndpointDialog } from './RemoveEndpointDialog';

// The form kit loads with the first dialog opened, not with the list.
const EndpointDialog = lazy(() =>
  import('./EndpointDialog').then((m) => ({ default: m.EndpointDialog })),
);

const endpointKey = (endpoint: Endpoint) => endpoint.Id;
const NOUN = { one: 'endpoint', many: 'endpoints' };
const EMPTY = {
  title: 'No endpoints found',
  text: 'There are no endpoints for your account yet.',
};

type Editing = { kind: 'create' } | { kind: 'update'; endpoint: Endpoint } | null;

/**
 * /endpoints (spec 02 "Endpoints page"): where devices send their messages, searched by the
 * server on Name or URL, with a customer filter; 'New Endpoint', edit and delete for those who
 * may (not Viewers, not resellers; shared endpoints: admins).
 */
export function EndpointsPage(binding: SearchBinding<EndpointSearchFilter>) {
  const auth = useSession()?.auth;
  const access = useMemo(() => endpointAccess(auth), [auth]);
  const list = useServerList(endpointList, binding);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Endpoint | null>(null);

  const onEdit = useCallback((endpoint: Endpoint) => {
    setEditing({ kind: 'update', endpoint });
  }, []);
  const rowActions = useMemo<RowActions<Endpoint> | undefined>(
    () =>
      access.write
        ? {
            width: 96,
            render: (endpoint, layout) =>
              mayChange(access, endpoint) ? (
                <EndpointRowActions
                  endpoint={endpoint}
                  onEdit={onEdit}
                  onDelete={setRemoving}
                  withLabel={layout === 'card'}
                />
              ) : null,
          }
        : undefined,
    [access, onEdit],
  );
  const close = () => {
    setEditing(null);
  };

  return (
    <ListPage
      title="Endpoints"
      actions={
        access.write && (
          <Button
            onClick={() => {
              setEditing({ kind: 'create' });
            }}
          >
            <PlusIcon className="size-4" />
            New Endpoint
          </Button>
        )
      }
      list={list}
      columns={endpointColumns}
      rowKey={endpointKey}
      noun={NOUN}
      empty={EMPTY}
      customerFilter
      rowActions={rowActions}
    >
      <Suspense fallback={null}>
        {editing?.kind === 'create' && <EndpointDialog onClose={close} />}
        {editing?.kind === 'update' && (
          <EndpointDialog key={editing.endpoint.Id} endpoint={editing.endpoint} onClose={close} />
        )}
      </Suspense>
      <RemoveEndpointDialog
        endpoint={removing}
        onClose={() => {
          setRemoving(null);
        }}
      />
    </ListPage>
  );
}
