import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { CELLO_WARNING } from '@shared/forward-form';
import type { Forward } from '@shared/forwards';
import type { ForwardSearchFilter } from '@shared/forwards-list';
import { ListPage, useServerList, type RowActions, type SearchBinding } from '@app/components/list';
import { Button } from '@app/components/ui/Button';
import { AlertIcon, PlusIcon } from '@app/components/ui/icons';
import { useSession } from '@app/lib/use-session';
import { forwardList } from '../api/forward-list';
import { forwardAccess, isIntegration, mayChange } from '../model/forward-form';
import { forwardColumns } from './forward-columns';
import { ForwardRowActions } from './ForwardRowActions';
import { RemoveForwardDialog } from './RemoveForwardDialog';

// The form kit loads with the first dialog opened, not with the list.
const ForwardDialog = lazy(() =>
  import('./ForwardDialog').then((m) => ({ default: m.ForwardDialog })),
);
const IntegrationDialog = lazy(() =>
  import('./IntegrationDialog').then((m) => ({ default: m.IntegrationDialog })),
);

const forwardKey = (forward: Forward) => forward.Id;
const NOUN = { one: 'forward', many: 'forwards' };
const EMPTY = { title: 'No forwards found', text: 'There are no forwards for your account yet.' };

type Editing = { kind: 'forward' | 'integration'; forward?: Forward } | null;

/**
 * /forwards (spec 02 "Forwards page"): the forwards of the caller's tree, searched on the server
 * by Name, IP or Port and filtered by customer; 'New Forward', 'New Integration', edit and delete
 * for those who may.
 */
export function ForwardsPage(binding: SearchBinding<ForwardSearchFilter>) {
  const auth = useSession()?.auth;
  const access = useMemo(() => forwardAccess(auth), [auth]);
  const list = useServerList(forwardList, binding);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Forward | null>(null);

  const onEdit = useCallback((forward: Forward) => {
    setEditing({ kind: isIntegration(forward) ? 'integration' : 'forward', forward });
  }, []);
  const rowActions = useMemo<RowActions<Forward> | undefined>(
    () =>
      access.write
        ? {
            width: 96,
            render: (forward, layout) =>
              mayChange(access, forward) && (
                <ForwardRowActions
                  forward={forward}
                  onEdit={onEdit}
                  onDelete={setRemoving}
                  withLabel={layout === 'card'}
                />
              ),
          }
        : undefined,
    [access, onEdit],
  );
  const close = () => {
    setEditing(null);
  };

  return (
    <ListPage
      title="Forwards"
      wide
      description={
        // Spec 02: the warning stands near the list (the forward dialog repeats it).
        <span className="inline-flex items-center gap-1.5 font-medium text-amber-800">
          <AlertIcon className="size-4 shrink-0 text-amber-600" />
          {CELLO_WARNING}
        </span>
      }
      actions={
        access.write && (
          <>
            <Button
              onClick={() => {
                setEditing({ kind: 'forward' });
              }}
            >
              <PlusIcon className="size-4" />
              New Forward
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing({ kind: 'integration' });
              }}
            >
              <PlusIcon className="size-4" />
              New Integration
            </Button>
          </>
        )
      }
      list={list}
      columns={forwardColumns}
      rowKey={forwardKey}
      noun={NOUN}
      empty={EMPTY}
      customerFilter
      rowActions={rowActions}
    >
      <Suspense fallback={null}>
        {editing?.kind === 'forward' && (
          <ForwardDialog
            key={editing.forward?.Id ?? 'new'}
            forward={editing.forward}
            onClose={close}
          />
        )}
        {editing?.kind === 'integration' && (
          <IntegrationDialog
            key={editing.forward?.Id ?? 'new'}
            forward={editing.forward}
            onClose={close}
          />
        )}
      </Suspense>
      <RemoveForwardDialog
        forward={removing}
        onClose={() => {
          setRemoving(null);
        }}
      />
    </ListPage>
  );
}
