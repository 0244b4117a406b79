import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { NamedEntity } from '@shared/access/names';
import type { Action } from '@shared/access/permissions';
import { useClientList, type ListPageProps, type SearchBinding } from '@app/components/list';
import { Button } from '@app/components/ui/Button';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { PlusIcon } from '@app/components/ui/icons';
import { useCan } from '@app/lib/permissions';
import {
  removeNamedMutationOptions,
  type NamedResource,
} from '@app/features/named-entities/api/named-entities';
import { namedColumns } from './named-columns';
import type { NewNameDialog as NewNameDialogType } from './NewNameDialog';
import type { NameFilter } from '@app/features/named-entities/model/list-url';

// The form kit loads with the first 'New …' dialog, not with the list.
// lazy() loses the component's type parameter, so the import keeps it.
const NewNameDialog = lazy(() =>
  import('./NewNameDialog').then((m) => ({ default: m.NewNameDialog })),
) as unknown as typeof NewNameDialogType;

const FIELDS = { Name: (row: NamedEntity) => row.Name };
const NONE: readonly NamedEntity[] = [];
const rowKey = (row: NamedEntity) => row.Id;

export interface NamedScreen {
  /** What both screens pass ListPage alike: the rows, columns, texts and 'New …'. */
  page: Pick<
    ListPageProps<NamedEntity, NameFilter>,
    'list' | 'columns' | 'rowKey' | 'noun' | 'empty' | 'placeholder' | 'actions'
  >;
  /** Asks 'Are you sure…?' and removes the row; undefined for those who may not. */
  askRemove: ((row: NamedEntity) => void) | undefined;
  /** The New dialog and the confirmation, for the page to render. */
  dialogs: ReactNode;
}

/**
 * What the Roles and Features screens share: the list searched in the browser, 'New …' with its
 * dialog, and removal after a confirmation. Each screen lays out its own rows and row actions.
 */
export function useNamedScreen<K extends QueryKey>(
  resource: NamedResource<K>,
  binding: SearchBinding<NameFilter>,
  manage: Action,
): NamedScreen {
  const list = useClientList(resource.query(), { ...binding, fields: FIELDS });
  // Every name, whatever the search shows (the same cached query: no second call).
  const all = useQuery(resource.query()).data;
  const mayManage = useCan(manage);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<NamedEntity | null>(null);
  const remove = useMutation(removeNamedMutationOptions(resource));

  const confirmRemove = () => {
    if (!removing) return;
    // Refused (in use, built in): the api client has toasted the server's message.
    remove.mutate(removing, {
      onSettled: () => {
        setRemoving(null);
      },
    });
  };

  const { texts } = resource;
  const columns = useMemo(() => namedColumns(texts.usedBy), [texts.usedBy]);

  return {
    page: {
      list,
      columns,
      rowKey,
      noun: texts.count,
      empty: texts.empty,
      placeholder: 'Search Name…',
      actions: mayManage && (
        <Button
          onClick={() => {
            setCreating(true);
          }}
        >
          <PlusIcon className="size-4.5" />
          New {texts.noun}
        </Button>
      ),
    },
    askRemove: mayManage ? setRemoving : undefined,
    dialogs: (
      <>
        <Suspense fallback={null}>
          {creating && (
            <NewNameDialog
              resource={resource}
              existing={all ?? NONE}
              onClose={() => {
                setCreating(false);
              }}
            />
          )}
        </Suspense>
        <ConfirmDialog
          open={removing !== null}
          message={texts.confirmRemove}
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => {
            setRemoving(null);
          }}
        />
      </>
    ),
  };
}
