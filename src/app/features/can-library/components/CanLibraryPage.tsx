import { lazy, Suspense, useMemo, useState } from 'react';
import type { CanConfig } from '@shared/libraries/can-library';
import { deviceTypeName } from '@shared/devices/constants';
import { ListPage, useClientList, type RowActions, type SearchBinding } from '@app/components/list';
import { RowIconButton } from '@app/components/list/table';
import { Button } from '@app/components/ui/Button';
import { PencilIcon, PlusIcon } from '@app/components/ui/icons';
import { RolloutsLink } from '@app/features/rollouts';
import { useCan } from '@app/lib/permissions';
import { canLibraryQueryOptions } from '@app/features/can-library/api/can-configs';
import type { CanConfigFilter } from '@app/features/can-library/model/can-config-list-url';
import { CAN_CONFIG_SEARCH_FIELDS } from '@app/features/can-library/model/can-config-search';
import { canConfigColumns } from './can-config-columns';

// The form kit loads with the first dialog opened, not with the list.
const CanConfigDialog = lazy(() =>
  import('./CanConfigDialog').then((m) => ({ default: m.CanConfigDialog })),
);
const MassUpdateQtlDialog = lazy(() =>
  import('./MassUpdateQtlDialog').then((m) => ({ default: m.MassUpdateQtlDialog })),
);

const entryKey = (entry: CanConfig) => entry.Id;
/** A protocol has an entry per device type and version: the button names all three. */
const entryName = (entry: CanConfig) =>
  `${entry.Protocol} ${entry.Version} ${deviceTypeName(entry.DeviceType)}`;
const NOUN = { one: 'QTLibrary', many: 'QTLibrarys' };
const EMPTY = {
  title: 'No QTLibrarys found',
  text: 'CAN protocol configurations added here can be set on devices.',
};

type Editing = { entry?: CanConfig } | null;

/**
 * /canprotocol (spec 03 "QTLibrary", admins): the CAN protocol library, searched in the browser
 * on Protocol, Brand, Name or Active; 'New QTLibrary' and an edit per row; 'Mass Update QTL'
 * (a staged rollout, reviewed first) and the way to the rollouts.
 */
export function CanLibraryPage(binding: SearchBinding<CanConfigFilter>) {
  const mayWrite = useCan('libraries.manage');
  const list = useClientList(canLibraryQueryOptions(), {
    ...binding,
    fields: CAN_CONFIG_SEARCH_FIELDS,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [massUpdating, setMassUpdating] = useState(false);

  const rowActions = useMemo<RowActions<CanConfig> | undefined>(
    () =>
      mayWrite
        ? {
            width: 52,
            render: (entry, layout) => (
              <RowIconButton
                icon={PencilIcon}
                label={layout === 'card' ? 'Edit' : `Edit ${entryName(entry)}`}
                title="Edit"
                withLabel={layout === 'card'}
                onClick={() => {
                  setEditing({ entry });
                }}
              />
            ),
          }
        : undefined,
    [mayWrite],
  );

  return (
    <ListPage
      title="QTLibrarys"
      wide
      actions={
        mayWrite && (
          <div className="flex flex-wrap gap-2">
            <RolloutsLink />
            <Button
              variant="secondary"
              onClick={() => {
                setMassUpdating(true);
              }}
            >
              Mass Update QTL
            </Button>
            <Button
              onClick={() => {
                setEditing({});
              }}
            >
              <PlusIcon className="size-4" />
              New QTLibrary
            </Button>
          </div>
        )
      }
      list={list}
      columns={canConfigColumns}
      rowKey={entryKey}
      noun={NOUN}
      empty={EMPTY}
      rowActions={rowActions}
    >
      <Suspense fallback={null}>
        {editing && (
          <CanConfigDialog
            key={editing.entry?.Id ?? 'new'}
            {...(editing.entry ? { entry: editing.entry } : {})}
            onClose={() => {
              setEditing(null);
            }}
          />
        )}
        {massUpdating && (
          <MassUpdateQtlDialog
            onClose={() => {
              setMassUpdating(false);
            }}
          />
        )}
      </Suspense>
    </ListPage>
  );
}
