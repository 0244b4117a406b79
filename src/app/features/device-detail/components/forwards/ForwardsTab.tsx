import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DeviceDetail } from '@shared/devices/devices';
import { NO_FORWARD_PROTOCOL, SECRET_MASK, type DeviceForward } from '@shared/forwards/forwards';
import {
  ActivityIcon,
  ForwardHealthPanel,
  HealthCellsProvider,
  HealthNotice,
  readyHealth,
  useForwardsHealth,
} from '@app/components/forward-health';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { useBusy } from '@app/lib/busy';
import {
  deviceForwardsQueryOptions,
  removeForwardMutationOptions,
} from '@app/features/device-detail/api/forwards';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import { PencilIcon, TrashIcon } from '@app/components/ui/icons';
import { QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { RefreshButton } from '@app/components/ui/RefreshButton';
import { TabCard } from '@app/components/ui/TabCard';
import { ResponsiveTable, type Column, RowIconButton } from '@app/components/list/table';
import { ForwardDialog } from './ForwardDialog';
import { forwardStatusLabel, isEditableType, messageTypeLabel } from './forward-format';
import { FORWARD_HEALTH_COLUMNS } from './forward-health-columns';
import { useMayReplay } from './use-may-replay';

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

/** One line per slot on wide screens: the table scrolls sideways in its card instead. */
const ONE_LINE = 'md:whitespace-nowrap';

/**
 * The spec's columns with the forward's health after its Name: the tab's card is narrow, and the
 * state of the forward is what a glance at the tab is for.
 */
const COLUMNS: Column<DeviceForward>[] = [
  {
    header: 'Message',
    cell: (f) => messageTypeLabel(f.MessageType),
    className: `font-medium ${ONE_LINE}`,
  },
  {
    header: 'Protocol',
    cell: (f) =>
      f.Protocol === NO_FORWARD_PROTOCOL ? <span className="text-slate-500">non</span> : f.Protocol,
    className: ONE_LINE,
  },
  // Names run to 100 characters: they wrap, from a width that keeps short ones on one line.
  { header: 'Name', cell: (f) => text(f.Name), className: 'md:min-w-36' },
  ...FORWARD_HEALTH_COLUMNS,
  { header: 'Server', cell: (f) => text(f.IP), className: `break-all ${ONE_LINE}` },
  { header: 'Port', cell: (f) => text(f.Port) },
  { header: 'Username', cell: (f) => text(f.Username), className: ONE_LINE },
  { header: 'Password', cell: (f) => secret(f.Password) },
  { header: 'API_KEY', cell: (f) => secret(f.API_KEY), className: 'break-all' },
  { header: 'Authorization', cell: (f) => secret(f.Authorization), className: 'break-all' },
  { header: 'Status', cell: (f) => forwardStatusLabel(f.Status), className: ONE_LINE },
];

const NO_IDS: number[] = [];

/**
 * Message forwards: one slot per message type; 'non' means none assigned (spec 01 §4). Each
 * assigned forward's delivery health is live, with its detail panel (issue 15).
 */
export function ForwardsTab({ device }: { device: DeviceDetail }) {
  const { canWrite } = useDevicePermissions();
  const busy = useBusy();
  const query = useQuery(deviceForwardsQueryOptions(device.IMEI));
  const remove = useMutation(removeForwardMutationOptions());
  const [editing, setEditing] = useState<DeviceForward | null>(null);
  const [removing, setRemoving] = useState<DeviceForward | null>(null);
  const [inspecting, setInspecting] = useState<DeviceForward | null>(null);
  const mayReplay = useMayReplay(inspecting, device.CustomerId);
  const ids = useMemo(
    () =>
      query.data
        ? [...new Set(query.data.flatMap((f) => (f.ForwardId === null ? [] : [f.ForwardId])))]
        : NO_IDS,
    [query.data],
  );
  const health = useForwardsHealth(ids);
  const cells = useMemo(
    () => ({
      lookup: health,
      open: (id: number) => {
        setInspecting(query.data?.find((f) => f.ForwardId === id) ?? null);
      },
    }),
    [health, query.data],
  );

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
        <HealthCellsProvider value={cells}>
          <ResponsiveTable
            label="Message forwards"
            columns={COLUMNS}
            rows={query.data}
            rowKey={(f) => f.MessageType}
            actions={(f) => (
              <>
                <RowIconButton
                  label={`Health of ${messageTypeLabel(f.MessageType)}`}
                  title={f.ForwardId === null ? 'No forward assigned' : 'Health'}
                  icon={ActivityIcon}
                  disabled={f.ForwardId === null}
                  onClick={() => {
                    setInspecting(f);
                  }}
                />
                {canWrite && (
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
                )}
              </>
            )}
          />
          <div className="mt-3">
            <HealthNotice
              failed={health.failed}
              stale={health.stale}
              retrying={health.retrying}
              onRetry={health.retry}
            />
          </div>
        </HealthCellsProvider>
      )}
      {inspecting?.ForwardId != null && (
        <ForwardHealthPanel
          key={inspecting.ForwardId}
          forward={{ Id: inspecting.ForwardId, Name: inspecting.Name ?? '' }}
          initial={readyHealth(health.of(inspecting.ForwardId))}
          mayReplay={mayReplay}
          onClose={() => {
            setInspecting(null);
          }}
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
