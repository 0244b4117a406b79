import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Firmware } from '@shared/libraries/firmware-library';
import { deviceTypeName } from '@shared/devices/constants';
import { FIRMWARE_FLAG_LIST } from '@shared/libraries/libraries';
import { ListPage, useClientList, type RowActions, type SearchBinding } from '@app/components/list';
import { Button } from '@app/components/ui/Button';
import { PlusIcon } from '@app/components/ui/icons';
import { RolloutsLink } from '@app/features/rollouts';
import { useCan } from '@app/lib/permissions';
import {
  firmwareFlagsQueryOptions,
  firmwareLibraryQueryOptions,
} from '@app/features/firmware/api/firmwares';
import type { FirmwareFilter } from '@app/features/firmware/model/firmware-list-url';
import type { MassUpdateKind } from '@app/features/firmware/model/mass-update-firmware';
import { FIRMWARE_SEARCH_FIELDS, flagName } from '@app/features/firmware/model/firmware-texts';
import { DeleteFirmwareDialog } from './DeleteFirmwareDialog';
import { firmwareColumns } from './firmware-columns';
import { FirmwareRowActions } from './FirmwareRowActions';

// The form kit loads with the first dialog opened, not with the list.
const FirmwareDialog = lazy(() =>
  import('./FirmwareDialog').then((m) => ({ default: m.FirmwareDialog })),
);
const MassUpdateFirmwareDialog = lazy(() =>
  import('./MassUpdateFirmwareDialog').then((m) => ({ default: m.MassUpdateFirmwareDialog })),
);

const firmwareKey = (firmware: Firmware) => firmware.Id;
const NOUN = { one: 'firmware', many: 'firmwares' };
const EMPTY = {
  title: 'No Firmware found',
  text: 'Firmware images added here can be set on devices.',
};

type Editing = { firmware?: Firmware } | null;

/**
 * /firmware (spec 03 "Firmware", admins): every firmware, newest first, searched in the browser
 * on Version, Filename, Release, Created or Active; Refresh; 'New Firmware', edit, and delete
 * for inactive ones; Mass Update Firmware and Mass Update Booter (staged rollouts, reviewed
 * first) and the way to the rollouts.
 */
export function FirmwarePage(binding: SearchBinding<FirmwareFilter>) {
  const mayWrite = useCan('libraries.manage');
  const list = useClientList(firmwareLibraryQueryOptions(), {
    ...binding,
    fields: FIRMWARE_SEARCH_FIELDS,
  });
  // The server's flags name the Type column and the row buttons; the shared list stands in
  // while they load.
  const flags = useQuery(firmwareFlagsQueryOptions()).data ?? FIRMWARE_FLAG_LIST;
  const columns = useMemo(() => firmwareColumns(flags), [flags]);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Firmware | null>(null);
  const [massUpdating, setMassUpdating] = useState<MassUpdateKind | null>(null);

  const rowActions = useMemo<RowActions<Firmware> | undefined>(
    () =>
      mayWrite
        ? {
            width: 96,
            render: (firmware, layout) => (
              <FirmwareRowActions
                firmware={firmware}
                name={`${firmware.Version} ${flagName(flags, firmware.FirmwareFlag)} ${deviceTypeName(firmware.DeviceType)}`}
                onEdit={(f) => {
                  setEditing({ firmware: f });
                }}
                onDelete={setRemoving}
                withLabel={layout === 'card'}
              />
            ),
          }
        : undefined,
    [mayWrite, flags],
  );

  return (
    <ListPage
      title="Firmware"
      wide
      actions={
        mayWrite && (
          <div className="flex flex-wrap gap-2">
            <RolloutsLink />
            <Button
              variant="secondary"
              onClick={() => {
                setMassUpdating('firmware');
              }}
            >
              Mass Update Firmware
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setMassUpdating('booter');
              }}
            >
              Mass Update Booter
            </Button>
            <Button
              onClick={() => {
                setEditing({});
              }}
            >
              <PlusIcon className="size-4" />
              New Firmware
            </Button>
          </div>
        )
      }
      list={list}
      columns={columns}
      rowKey={firmwareKey}
      noun={NOUN}
      empty={EMPTY}
      rowActions={rowActions}
    >
      <Suspense fallback={null}>
        {editing && (
          <FirmwareDialog
            key={editing.firmware?.Id ?? 'new'}
            {...(editing.firmware ? { firmware: editing.firmware } : {})}
            onClose={() => {
              setEditing(null);
            }}
          />
        )}
        {massUpdating && (
          <MassUpdateFirmwareDialog
            key={massUpdating}
            kind={massUpdating}
            onClose={() => {
              setMassUpdating(null);
            }}
          />
        )}
      </Suspense>
      <DeleteFirmwareDialog
        firmware={removing}
        onClose={() => {
          setRemoving(null);
        }}
      />
    </ListPage>
  );
}
