import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeviceDetail } from '../../../../../shared/devices';
import {
  NO_FORWARD_PROTOCOL,
  SECRET_MASK,
  type DeviceForward,
} from '../../../../../shared/forwards';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { useBusy } from '../../../../lib/busy';
import { deviceForwardsQueryOptions, removeForwardMutationOptions } from '../../api/forwards';
import { useDevicePermissions } from '../../model/permissions';
import { PencilIcon, TrashIcon } from '../../../../components/ui/icons';
import { QueryError, TableSkeleton } from '../../../../components/ui/QueryStates';
import { RefreshButton } from '../../../../components/ui/RefreshButton';
import { TabCard } from '../../../../components/ui/TabCard';
import { ResponsiveTable, type Column, RowIconButton } from '../../../../components/list/table';
import { ForwardDialog } from './ForwardDialog';
import { forwardStatusLabel, isEditableType, messageTypeLabel } from './forward-format';

const text = (value: string | number | null) => (value === null ? '' : String(value));

/** Forward secrets are write-only: the API sends a mask when one is set (null to Viewers). */
const secret = (value: string | null) =>
  value === SECRET_MASK ? (
    <span aria-label="Set (hidden)" title="Set (hidden)">
      {SECRET_MASK}
    </span>
  ) : (
    text(value)
  );

const COLUMNS: Column<DeviceForward>[] = [
  {
    header: 'Message',
    cell: (f) => messageTypeLabel(f.MessageType),
    className: 'font-medium md:whitespace-nowrap',
  },
  {
    header: 'Protocol',
    cell: (f) =>
      f.Protocol === NO_FORWARD_PROTOCOL ? <span className="text-slate-500">non</span> : f.Protocol,
  },
  { header: 'Name', cell: (f) => text(f.Name) },
  { header: 'Server', cell: (f) => text(f.IP), className: 'break-all' },
  { header: 'Port', cell: (f) => text(f.Port) },
  { header: 'Username', cell: (f) => text(f.Username) },
  { header: 'Password', cell: (f) => secret(f.Password) },
  { header: 'API_KEY', cell: (f) => secret(f.API_KEY), className: 'break-all' },
  { header: 'Authorization', cell: (f) => secret(f.Authorization), className: 'break-all' },
  { header: 'Status', cell: (f) => forwardStatusLabel(f.Status) },
];

/** Message forwards: one slot per message type; 'non' means none assigned (spec 01 §4). */
export function ForwardsTab({ device }: { device: DeviceDetail }) {
  const { canWrite } = useDevicePermissions();
  const busy = useBusy();
  const query = useQuery(deviceForwardsQueryOptions(device.IMEI));
  const remove = useMutation(removeForwardMutationOptions());
  const [editing, setEditing] = useState<DeviceForward | null>(null);
  const [removing, setRemoving] = useState<DeviceForward | null>(null);

  return (
    <TabCard
      title="Message forwards"
      actions={
        <RefreshButton onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      }
    >
      {query.isPending ? (
        <TableSkeleton label="Loading the forwards" />
      ) : query.isLoadingError ? (
        <QueryError title="The forwards could not be loaded" query={query} />
      ) : (
        <ResponsiveTable
          label="Message forwards"
          columns={COLUMNS}
          rows={query.data}
          rowKey={(f) => f.MessageType}
          actions={
            canWrite
              ? (f) => (
                  <>
                    <RowIconButton
                      label={`Edit ${messageTypeLabel(f.MessageType)}`}
                      icon={PencilIcon}
                      disabled={busy || !isEditableType(f.MessageType)}
                      onClick={() => {
                        setEditing(f);
                      }}
                    />
                    <RowIconButton
                      label={`Delete ${messageTypeLabel(f.MessageType)}`}
                      icon={TrashIcon}
                      tone="danger"
                      // An empty slot has nothing to remove.
                      disabled={busy || f.Id === 0}
                      onClick={() => {
                        setRemoving(f);
                      }}
                    />
                  </>
                )
              : undefined
          }
        />
      )}
      <ForwardDialog
        slot={editing}
        customerId={device.CustomerId}
        onClose={() => {
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        message={
          removing &&
          `The ${messageTypeLabel(removing.MessageType)} forward will be removed from this device.`
        }
        busy={remove.isPending}
        onCancel={() => {
          setRemoving(null);
        }}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { imei: device.IMEI, id: removing.Id },
            {
              onSettled: () => {
                setRemoving(null);
              },
            },
          );
        }}
      />
    </TabCard>
  );
}
