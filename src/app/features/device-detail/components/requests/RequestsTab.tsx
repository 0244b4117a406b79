import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeviceDetail, ModemRequest } from '@shared/devices/devices';
import { Button } from '@app/components/ui/Button';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { useBusy } from '@app/lib/busy';
import {
  modemRequestsQueryOptions,
  removeRequestMutationOptions,
} from '@app/features/device-detail/api/modem-requests';
import { formatDateTime } from '@app/features/device-detail/model/format';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import { PencilIcon, PlusIcon, SendIcon, TrashIcon } from '@app/components/ui/icons';
import { ListEmpty, QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { RefreshButton } from '@app/components/ui/RefreshButton';
import { TabCard } from '@app/components/ui/TabCard';
import { ResponsiveTable, type Column, RowIconButton } from '@app/components/list/table';
import { DeviceOutboxNotice, useDeviceWrite } from '@app/features/outbox';
import { RequestDialog, type RequestDialogState } from './RequestDialog';
import { REQUEST_KINDS } from '@app/features/device-detail/offline-writes';

export const REMOVE_REQUEST_CONFIRM = 'Are you sure you want to remove this modem request?';
export const NOT_YET = 'Not yet';

const COLUMNS: Column<ModemRequest>[] = [
  { header: 'Command', cell: (r) => r.Command, className: 'font-mono break-all' },
  { header: 'Created', cell: (r) => formatDateTime(r.Created), className: 'whitespace-nowrap' },
  {
    header: 'Executed',
    cell: (r) =>
      r.Executed ? formatDateTime(r.Executed) : <span className="text-amber-700">{NOT_YET}</span>,
    className: 'whitespace-nowrap',
  },
  { header: 'CommandType', cell: (r) => r.CommandType },
];

/** Modem requests, newest first; an executed request is final (spec 01 §4). */
export function RequestsTab({ device }: { device: DeviceDetail }) {
  const { canWrite } = useDevicePermissions();
  const busy = useBusy();
  const query = useQuery(modemRequestsQueryOptions(device.IMEI));
  const remove = useDeviceWrite(removeRequestMutationOptions);
  const ref = { deviceId: device.Id, imei: device.IMEI };
  const [dialog, setDialog] = useState<RequestDialogState>(null);
  const [removing, setRemoving] = useState<ModemRequest | null>(null);

  const actions = (
    <>
      <RefreshButton onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      {canWrite && (
        <Button
          onClick={() => {
            setDialog({ mode: 'add' });
          }}
        >
          <PlusIcon className="size-4" />
          Add Request
        </Button>
      )}
    </>
  );

  return (
    <TabCard title="Requests" actions={actions}>
      <DeviceOutboxNotice imei={device.IMEI} kinds={REQUEST_KINDS} />
      {query.isPending ? (
        <TableSkeleton label="Loading the requests" />
      ) : query.isLoadingError ? (
        <QueryError title="The requests could not be loaded" query={query} />
      ) : query.data.length === 0 ? (
        <ListEmpty icon={SendIcon} title="No requests yet">
          Requests sent to this device are listed here until it executes them, and after.
        </ListEmpty>
      ) : (
        <ResponsiveTable
          label="Requests"
          columns={COLUMNS}
          rows={query.data}
          rowKey={(r) => r.Id}
          actions={
            canWrite
              ? (r) => (
                  <>
                    <RowIconButton
                      label={`Edit ${r.Command}`}
                      icon={PencilIcon}
                      // An executed request still opens, read-only, with Save off.
                      disabled={busy}
                      onClick={() => {
                        setDialog({ mode: 'edit', request: r });
                      }}
                    />
                    <RowIconButton
                      label={`Delete ${r.Command}`}
                      icon={TrashIcon}
                      tone="danger"
                      disabled={busy}
                      onClick={() => {
                        setRemoving(r);
                      }}
                    />
                  </>
                )
              : undefined
          }
        />
      )}
      <RequestDialog
        device={ref}
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        message={REMOVE_REQUEST_CONFIRM}
        busy={remove.sending}
        onCancel={() => {
          setRemoving(null);
        }}
        onConfirm={() => {
          if (!removing) return;
          void remove
            .submit({ ...ref, id: removing.Id, Command: removing.Command })
            .catch(() => undefined)
            .finally(() => {
              setRemoving(null);
            });
        }}
      />
    </TabCard>
  );
}
