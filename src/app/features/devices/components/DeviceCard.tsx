import type { ReactNode } from 'react';
import type { Device } from '../../../../shared/devices';
import type { SelectionAccess } from '../access';
import { deviceTypeLabel, formatListDate, protocolLabel } from '../format';
import { InSync, LastDownload, orDash } from './DeviceCells';
import { DeviceLink } from './DeviceLink';
import { ChangeCustomerButton, SelectBox } from './DeviceRowActions';

interface DeviceCardProps {
  device: Device;
  now: number;
  access: SelectionAccess;
  withLastDownload: boolean;
  selected: boolean;
  onToggle: (device: Device) => void;
  onChangeCustomer: (device: Device) => void;
}

interface ItemProps {
  label: string;
  /** Takes the whole row (ICCID: 20 digits do not fit half a phone). */
  wide?: boolean;
  children: ReactNode;
}

function Item({ label, wide = false, children }: ItemProps) {
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** A device on a phone: the identifying fields first, the configuration after. */
export function DeviceCard({
  device,
  now,
  access,
  withLastDownload,
  selected,
  onToggle,
  onChangeCustomer,
}: DeviceCardProps) {
  const selectable = access !== 'hidden';
  return (
    <article
      aria-label={device.IMEI}
      className={`rounded-xl bg-white p-4 shadow-sm ring-1 ${selected ? 'ring-2 ring-brand-500' : 'ring-slate-200'}`}
    >
      <header className="flex items-start gap-3">
        {selectable && (
          <span className="pt-0.5">
            <SelectBox
              access={access}
              label={`Select ${device.IMEI}`}
              checked={selected}
              onChange={() => {
                onToggle(device);
              }}
            />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <DeviceLink device={device} className="text-base" />
          <p className="truncate text-sm text-slate-600">{device.Customer ?? 'No customer'}</p>
        </div>
        <span className="shrink-0 text-sm text-slate-600">
          <InSync inSync={device.InSync} />
        </span>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        <Item label="SN">{orDash(device.SN)}</Item>
        <Item label="Type">{deviceTypeLabel(device)}</Item>
        <Item label="FirmWare">{orDash(device.Firmware)}</Item>
        <Item label="Protocol">{orDash(device.Protocol)}</Item>
        <Item label="Name">{orDash(protocolLabel(device))}</Item>
        <Item label="Conf">{orDash(device.ConfigurationGroup)}</Item>
        <Item label="LastMsg">{orDash(formatListDate(device.LastMsg))}</Item>
        {withLastDownload && (
          <Item label="Last Download">
            <LastDownload device={device} now={now} />
          </Item>
        )}
        <Item label="ICCID" wide>
          {orDash(device.ICCID)}
        </Item>
      </dl>
      {selectable && (
        <footer className="mt-3 flex justify-end border-t border-slate-100 pt-3">
          <ChangeCustomerButton
            device={device}
            access={access}
            onChangeCustomer={onChangeCustomer}
          />
        </footer>
      )}
    </article>
  );
}
