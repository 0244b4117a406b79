import { useQuery } from '@tanstack/react-query';
import { DeviceOutboxNotice, useDeviceWrite } from '@app/features/outbox';
import { SETTINGS_KINDS } from '@app/features/device-detail/offline-writes';
import { useState } from 'react';
import type { DeviceDetail, DeviceSetting } from '@shared/devices/devices';
import { Button } from '@app/components/ui/Button';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { useBusy } from '@app/lib/busy';
import {
  removeSettingMutationOptions,
  removeUnprocessedMutationOptions,
  settingsHistoryQueryOptions,
} from '@app/features/device-detail/api/settings';
import { formatDateTime, yesNo } from '@app/features/device-detail/model/format';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import { InboxIcon, PencilIcon, TrashIcon } from '@app/components/ui/icons';
import { ListEmpty, QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { RefreshButton } from '@app/components/ui/RefreshButton';
import { ResponsiveTable, type Column, RowIconButton } from '@app/components/list/table';
import { TabCard } from '@app/components/ui/TabCard';
import { SettingEditDialog } from './SettingEditDialog';

export const REMOVE_SETTING_CONFIRM = 'Are you sure you want to remove this setting?';
const REMOVE_UNPROCESSED_CONFIRM = 'Every setting the device has not applied yet will be removed.';

const COLUMNS: Column<DeviceSetting>[] = [
  { header: 'Time', cell: (s) => formatDateTime(s.CreatedDate), className: 'whitespace-nowrap' },
  { header: 'Name', cell: (s) => s.SettingName, className: 'font-medium' },
  { header: 'Value', cell: (s) => s.Value, className: 'font-mono break-all' },
  {
    header: 'Processed',
    cell: (s) => <span className={s.Processed ? '' : 'text-amber-700'}>{yesNo(s.Processed)}</span>,
  },
];

type Removal = { kind: 'one'; setting: DeviceSetting } | { kind: 'unprocessed' } | null;

export function SettingsHistoryTab({ device }: { device: DeviceDetail }) {
  const { canWrite } = useDevicePermissions();
  const busy = useBusy();
  const ref = { deviceId: device.Id, imei: device.IMEI };
  const query = useQuery(settingsHistoryQueryOptions(device.IMEI));
  const removeOne = useDeviceWrite(removeSettingMutationOptions);
  const removeUnprocessed = useDeviceWrite(removeUnprocessedMutationOptions);
  const [editing, setEditing] = useState<DeviceSetting | null>(null);
  const [removal, setRemoval] = useState<Removal>(null);
  const close = () => {
    setRemoval(null);
  };
  const hasUnprocessed = query.data?.some((s) => !s.Processed) ?? false;

  const actions = (
    <>
      <RefreshButton onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      {canWrite && (
        <Button
          variant="secondary"
          disabled={busy || !hasUnprocessed}
          onClick={() => {
            setRemoval({ kind: 'unprocessed' });
          }}
        >
          Remove Unprocessed
        </Button>
      )}
    </>
  );

  return (
    <TabCard title="Settings history" actions={actions}>
      <DeviceOutboxNotice imei={device.IMEI} kinds={SETTINGS_KINDS} />
      {query.isPending ? (
        <TableSkeleton label="Loading the settings history" />
      ) : query.isLoadingError ? (
        <QueryError title="The settings history could not be loaded" query={query} />
      ) : query.data.length === 0 ? (
        <ListEmpty icon={InboxIcon} title="No settings sent yet">
          Every change saved for this device is listed here, with whether the device applied it.
        </ListEmpty>
      ) : (
        <ResponsiveTable
          label="Settings history"
          columns={COLUMNS}
          rows={query.data}
          rowKey={(s) => s.Id}
          actions={
            canWrite
              ? (s) => (
                  <>
                    <RowIconButton
                      label={`Edit ${s.SettingName}`}
                      icon={PencilIcon}
                      disabled={busy || s.Processed}
                      onClick={() => {
                        setEditing(s);
                      }}
                    />
                    <RowIconButton
                      label={`Delete ${s.SettingName}`}
                      icon={TrashIcon}
                      tone="danger"
                      disabled={busy}
                      onClick={() => {
                        setRemoval({ kind: 'one', setting: s });
                      }}
                    />
                  </>
                )
              : undefined
          }
        />
      )}
      <SettingEditDialog
        device={ref}
        setting={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={removal !== null}
        message={
          removal?.kind === 'unprocessed' ? REMOVE_UNPROCESSED_CONFIRM : REMOVE_SETTING_CONFIRM
        }
        busy={removeOne.sending || removeUnprocessed.sending}
        onCancel={close}
        onConfirm={() => {
          const written =
            removal?.kind === 'one'
              ? removeOne.submit({
                  ...ref,
                  id: removal.setting.Id,
                  SettingName: removal.setting.SettingName,
                })
              : removeUnprocessed.submit(ref);
          void written.catch(() => undefined).finally(close);
        }}
      />
    </TabCard>
  );
}
