import { memo } from 'react';
import type { Device } from '../../../../shared/devices';
import type { SelectionAccess } from '../access';
import type { DeviceColumn } from './device-columns';
import { ChangeCustomerButton, SelectBox } from './DeviceRowActions';

interface DeviceTableRowProps {
  device: Device;
  /** 0-based position in the loaded list. */
  index: number;
  height: number;
  columns: DeviceColumn[];
  now: number;
  access: SelectionAccess;
  selected: boolean;
  onToggle: (device: Device) => void;
  onChangeCustomer: (device: Device) => void;
}

/**
 * One row. Memoised: scrolling re-renders the table on every frame, and only the rows that come
 * into view should do work.
 */
export const DeviceTableRow = memo(function DeviceTableRow({
  device,
  index,
  height,
  columns,
  now,
  access,
  selected,
  onToggle,
  onChangeCustomer,
}: DeviceTableRowProps) {
  const selectable = access !== 'hidden';
  return (
    <tr
      aria-rowindex={index + 2}
      style={{ height }}
      className={selected ? 'bg-brand-50/70' : 'hover:bg-slate-50'}
    >
      {selectable && (
        <td className="border-b border-slate-100 px-3">
          <SelectBox
            access={access}
            label={`Select ${device.IMEI}`}
            checked={selected}
            onChange={() => {
              onToggle(device);
            }}
          />
        </td>
      )}
      {columns.map((c) => (
        <td
          key={c.header}
          title={c.title?.(device)}
          className={`truncate border-b border-slate-100 px-2 ${c.className ?? ''}`}
        >
          {c.cell(device, now)}
        </td>
      ))}
      {selectable && (
        <td className="border-b border-slate-100 px-2">
          <ChangeCustomerButton
            compact
            device={device}
            access={access}
            onChangeCustomer={onChangeCustomer}
          />
        </td>
      )}
    </tr>
  );
});
