import { useState } from 'react';
import {
  ENDPOINT_SLOTS,
  endpointIdSetting,
  endpointJsonSetting,
} from '@shared/devices/device-settings';
import type { DeviceDetail } from '@shared/devices/devices';
import { Badge } from '@app/components/ui/Badge';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { useBusy } from '@app/lib/busy';
import { saveSettingsMutationOptions } from '@app/features/device-detail/api/settings';
import { configValues } from '@app/features/device-detail/model/config-values';
import {
  activeFlagNames,
  CLEAR_MESSAGE_CONFIRM,
  flagValuesOf,
  zeroFlagValues,
} from '@shared/devices/event-flags';
import { messageJson } from '@app/features/device-detail/model/event-flags';
import { appliedMessage, pendingMessage } from '@app/features/device-detail/model/messages';
import { EraserIcon, PencilIcon } from '@app/components/ui/icons';
import { ResponsiveTable, type Column, RowIconButton } from '@app/components/list/table';
import { settingsChange } from '@app/features/device-detail/model/setting-snapshot';
import { useDeviceWrite } from '@app/features/outbox';
import { FlagsDialog } from './FlagsDialog';

interface MessageFlagsTableProps {
  device: DeviceDetail;
  endpointName: (id: unknown) => string;
  canWrite: boolean;
}

/** The three messages with their event flags; edit opens the grid, clear zeroes every flag. */
export function MessageFlagsTable({ device, endpointName, canWrite }: MessageFlagsTableProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const [clearing, setClearing] = useState<number | null>(null);
  const busy = useBusy();
  const clear = useDeviceWrite(saveSettingsMutationOptions);
  const pending = configValues(device.NewConfig);

  const columns: Column<number>[] = [
    { header: 'Message', cell: (slot) => `Message ${slot}` },
    // The slot's endpoint setting, which the message's own endpointID may lag behind.
    { header: 'Endpoint', cell: (slot) => endpointName(pending[endpointIdSetting(slot)]) },
    {
      header: 'Events',
      className: 'md:w-1/2',
      cell: (slot) => {
        const flags = activeFlagNames(flagValuesOf(pendingMessage(device, slot)));
        const waiting =
          JSON.stringify(pendingMessage(device, slot)) !==
          JSON.stringify(appliedMessage(device, slot));
        return (
          <span className="flex flex-wrap justify-end gap-1 md:justify-start">
            {flags.length === 0 && <span className="text-slate-500">None</span>}
            {flags.map((flag) => (
              <Badge key={flag} tone="brand">
                {flag}
              </Badge>
            ))}
            {waiting && <Badge tone="amber">Pending</Badge>}
          </span>
        );
      },
    },
  ];

  return (
    <>
      <ResponsiveTable
        label="Message flags"
        columns={columns}
        rows={ENDPOINT_SLOTS}
        rowKey={(slot) => slot}
        actions={
          canWrite
            ? (slot) => (
                <>
                  <RowIconButton
                    label={`Edit message ${slot}`}
                    icon={PencilIcon}
                    disabled={busy}
                    onClick={() => {
                      setEditing(slot);
                    }}
                  />
                  <RowIconButton
                    label={`Clear message ${slot}`}
                    icon={EraserIcon}
                    tone="danger"
                    disabled={busy}
                    onClick={() => {
                      setClearing(slot);
                    }}
                  />
                </>
              )
            : undefined
        }
      />
      <FlagsDialog
        device={device}
        slot={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={clearing !== null}
        message={CLEAR_MESSAGE_CONFIRM}
        busy={clear.sending}
        onCancel={() => {
          setClearing(null);
        }}
        onConfirm={() => {
          if (clearing === null) return;
          const settings = [
            {
              SettingName: endpointJsonSetting(clearing),
              Value: messageJson(pendingMessage(device, clearing), zeroFlagValues()),
            },
          ];
          void clear
            .submit(settingsChange(device, settings))
            .catch(() => undefined)
            .finally(() => {
              setClearing(null);
            });
        }}
      />
    </>
  );
}
