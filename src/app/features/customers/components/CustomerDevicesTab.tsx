import { useMemo } from 'react';
import type { Device } from '@shared/devices/devices';
import { ListPage } from '@app/components/list';
import { useCan } from '@app/lib/permissions';
import { useCustomerDevices } from '@app/features/customers/model/use-customer-devices';
import { customerDeviceColumns } from './customer-device-columns';

const deviceKey = (device: Device) => device.Id;
const NOUN = { one: 'device', many: 'devices' };
const EMPTY = {
  title: 'No devices found',
  text: 'This customer has no devices yet.',
};

/** The Devices tab: the customer's devices, paged and searched by the server. */
export function CustomerDevicesTab({ customerId }: { customerId: number }) {
  const withLastDownload = useCan('screens.tacho');
  const columns = useMemo(() => customerDeviceColumns(withLastDownload), [withLastDownload]);
  const list = useCustomerDevices(customerId);
  return (
    <ListPage
      embedded
      title="Devices"
      list={list}
      columns={columns}
      rowKey={deviceKey}
      noun={NOUN}
      empty={EMPTY}
    />
  );
}
