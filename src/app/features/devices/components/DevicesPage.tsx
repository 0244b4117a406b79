import { useCallback, useMemo, useState } from 'react';
import type { Device, DeviceSearchFilter } from '@shared/devices/devices';
import { FEATURE_TACHO_DOWNLOAD, isAdminRole } from '@shared/access/roles';
import {
  ListPage,
  useRowSelection,
  useServerList,
  type RowActions,
  type SearchBinding,
  type SelectionOptions,
} from '@app/components/list';
import { ScanButton } from '@app/components/scan';
import { useSession } from '@app/lib/use-session';
import { selectionAccess } from '@app/features/devices/access';
import { deviceList } from '@app/features/devices/api/device-lists';
import { ChangeCustomerDialog } from './ChangeCustomerDialog';
import { deviceColumns } from './device-columns';
import { ChangeCustomerButton, ONLY_RESELLERS } from './DeviceRowActions';
import { SelectionFooter } from './SelectionFooter';

const deviceKey = (device: Device) => device.Id;
const NOUN = { one: 'device', many: 'devices' };
const EMPTY = {
  title: 'No devices found',
  text: 'There are no devices for your account yet.',
};

/** The devices list of spec 02 "Devices page"; the search lives in the route's URL. */
export function DevicesPage(binding: SearchBinding<DeviceSearchFilter>) {
  const auth = useSession()?.auth;
  const access = auth ? selectionAccess(auth) : 'hidden';
  const withLastDownload = auth?.Features.includes(FEATURE_TACHO_DOWNLOAD) ?? false;
  const columns = useMemo(() => deviceColumns(withLastDownload), [withLastDownload]);
  const list = useServerList(deviceList, binding);

  const [dialog, setDialog] = useState<{ open: boolean; devices: Device[] }>({
    open: false,
    devices: [],
  });
  const selected = useRowSelection(deviceKey, dialog.open);
  const closeDialog = () => {
    setDialog((d) => ({ ...d, open: false }));
  };

  // Stable, for the memoised rows; viewers get neither checkboxes nor the row action.
  const selection = useMemo<SelectionOptions<Device> | undefined>(
    () =>
      access === 'hidden'
        ? undefined
        : {
            state: selected,
            label: (d) => `Select ${d.IMEI}`,
            allLabel: 'Select all loaded devices',
            disabledReason: access === 'enabled' ? undefined : ONLY_RESELLERS,
          },
    [access, selected],
  );
  // A scan searches the label's number at once, whichever customer is chosen: the device in hand
  // is the one wanted, even when the filter names another customer.
  const scan = (
    <ScanButton
      size="md"
      compactOnPhones
      onScan={(id) => {
        binding.onSearchChange({
          filter: id.kind === 'imei' ? 'IMEI' : 'ICCID',
          text: id.value,
          customerId: null,
        });
        return undefined;
      }}
    />
  );
  const changeOne = useCallback((device: Device) => {
    setDialog({ open: true, devices: [device] });
  }, []);
  const rowActions = useMemo<RowActions<Device> | undefined>(
    () =>
      access === 'hidden'
        ? undefined
        : {
            width: 48,
            render: (device, layout) => (
              <ChangeCustomerButton
                device={device}
                access={access}
                onChangeCustomer={changeOne}
                withLabel={layout === 'card'}
              />
            ),
          },
    [access, changeOne],
  );

  return (
    <ListPage
      title="Devices"
      wide
      list={list}
      columns={columns}
      rowKey={deviceKey}
      noun={NOUN}
      empty={EMPTY}
      customerFilter
      searchAction={scan}
      selection={selection}
      rowActions={rowActions}
      footer={({ status, cards }) => {
        if (access === 'hidden') return null;
        const footer = (
          <SelectionFooter
            access={access}
            count={selected.count}
            onChangeCustomer={() => {
              setDialog({ open: true, devices: selected.rows });
            }}
            onClear={selected.clear}
            status={cards ? undefined : status}
          />
        );
        if (!cards) return footer;
        // Phones: the footer sticks to the bottom only while something is selected.
        return access === 'enabled' && selected.count > 0 ? (
          <div className="sticky bottom-0 -mx-4 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] sm:-mx-6">
            {footer}
          </div>
        ) : null;
      }}
    >
      <ChangeCustomerDialog
        open={dialog.open}
        devices={dialog.devices}
        isAdmin={isAdminRole(auth?.Role ?? '')}
        onClose={closeDialog}
        onSaved={() => {
          closeDialog();
          selected.clear();
        }}
      />
    </ListPage>
  );
}
