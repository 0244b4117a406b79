import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { CELLO_WARNING } from '@shared/forwards/forward-form';
import type { Forward } from '@shared/forwards/forwards';
import { FORWARD_PAGE_SIZE, type ForwardSearchFilter } from '@shared/forwards/forwards-list';
import {
  ForwardHealthPanel,
  HealthCellsProvider,
  HealthNotice,
  readyHealth,
  useForwardsHealth,
} from '@app/components/forward-health';
import {
  DESKTOP_QUERY,
  ListPage,
  useMediaQuery,
  useServerList,
  type RowActions,
  type SearchBinding,
} from '@app/components/list';
import { Button } from '@app/components/ui/Button';
import { AlertIcon, PlusIcon } from '@app/components/ui/icons';
import { useSession } from '@app/lib/use-session';
import { forwardList } from '@app/features/forwards/api/forward-list';
import { forwardAccess, isIntegration, mayChange } from '@app/features/forwards/model/forward-form';
import { forwardColumns } from './forward-columns';
import { forwardDeliveryColumn } from './forward-health-columns';
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
 * The table: the spec's columns with Delivery after Status, the forward's switch beside what it
 * does (and in view at 1366 px, where the table scrolls a little). The cards: Delivery last, a
 * line of its own under the pairs of values.
 */
const TABLE_COLUMNS = forwardColumns.flatMap((column) =>
  column.id === 'status' ? [column, forwardDeliveryColumn] : [column],
);
const CARD_COLUMNS = [...forwardColumns, forwardDeliveryColumn];
/** Health, edit and delete side by side at 44 px each; health alone for those who change nothing. */
const ACTIONS_WIDTH = { all: 136, health: 48 };

/**
 * /forwards (spec 02 "Forwards page"): the forwards of the caller's tree, searched on the server
 * by Name, IP or Port and filtered by customer; 'New Forward', 'New Integration', edit and delete
 * for those who may. Each row's delivery health is live (issue 15): asked per loaded page of rows,
 * with a detail panel (and Replay for those who may change the forward).
 */
export function ForwardsPage(binding: SearchBinding<ForwardSearchFilter>) {
  const auth = useSession()?.auth;
  const access = useMemo(() => forwardAccess(auth), [auth]);
  const list = useServerList(forwardList, binding);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Forward | null>(null);

  const ids = useMemo(() => list.rows.map(forwardKey), [list.rows]);
  const health = useForwardsHealth(ids, FORWARD_PAGE_SIZE);
  const [inspecting, setInspecting] = useState<Forward | null>(null);
  const open = useCallback(
    (id: number) => {
      setInspecting(list.rows.find((forward) => forward.Id === id) ?? null);
    },
    [list.rows],
  );
  const cells = useMemo(() => ({ lookup: health, open }), [health, open]);

  const onEdit = useCallback((forward: Forward) => {
    setEditing({ kind: isIntegration(forward) ? 'integration' : 'forward', forward });
  }, []);
  const rowActions = useMemo<RowActions<Forward>>(() => {
    const change = { onEdit, onDelete: setRemoving };
    return {
      width: access.write ? ACTIONS_WIDTH.all : ACTIONS_WIDTH.health,
      render: (forward, layout) => (
        <ForwardRowActions
          forward={forward}
          onHealth={setInspecting}
          change={mayChange(access, forward) ? change : undefined}
          withLabel={layout === 'card'}
        />
      ),
    };
  }, [access, onEdit]);
  const close = () => {
    setEditing(null);
  };

  return (
    <HealthCellsProvider value={cells}>
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
        columns={desktop ? TABLE_COLUMNS : CARD_COLUMNS}
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
        <div className="mt-3">
          <HealthNotice
            failed={health.failed}
            stale={health.stale}
            retrying={health.retrying}
            onRetry={health.retry}
          />
        </div>
        {inspecting && (
          <ForwardHealthPanel
            key={inspecting.Id}
            forward={inspecting}
            initial={readyHealth(health.of(inspecting.Id))}
            mayReplay={mayChange(access, inspecting)}
            onClose={() => {
              setInspecting(null);
            }}
          />
        )}
      </ListPage>
    </HealthCellsProvider>
  );
}
