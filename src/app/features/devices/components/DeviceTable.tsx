import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useNow } from '../../../lib/use-now';
import { SELECTION_ZONE } from '../use-device-selection';
import { deviceColumns } from './device-columns';
import { SelectBox } from './DeviceRowActions';
import { DeviceTableRow } from './DeviceTableRow';
import { LOAD_AHEAD_ROWS, type DeviceListViewProps } from './list-types';

const ROW_HEIGHT = 44;
const CHECKBOX_WIDTH = 40;
const ACTION_WIDTH = 48;
/** Below this the shared columns (Customer, Name, Conf) would cut most names: scroll instead. */
const SHARED_COLUMN_MIN = 96;

/**
 * The desktop table: only the rows in view (plus some overscan) are in the DOM, so thousands of
 * loaded devices scroll as smoothly as a hundred. Fixed column widths keep the columns from
 * jumping as different rows scroll by.
 */
export function DeviceTable({
  devices,
  access,
  withLastDownload,
  selection,
  onChangeCustomer,
  onNearEnd,
}: DeviceListViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useMemo(() => deviceColumns(withLastDownload), [withLastDownload]);
  const selectable = access !== 'hidden';
  // Last Download colours depend on the age of a download; a minute is precise enough.
  const now = useNow(60_000);

  // No React Compiler here; the virtualizer re-renders the table itself when it scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: devices.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => devices[index]?.Id ?? index,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastIndex >= devices.length - LOAD_AHEAD_ROWS) onNearEnd();
  }, [lastIndex, devices.length, onNearEnd]);

  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const allSelected = devices.length > 0 && devices.every((d) => selection.isSelected(d.Id));
  const span = columns.length + (selectable ? 2 : 0);
  const minWidth =
    columns.reduce((sum, c) => sum + (c.width ?? SHARED_COLUMN_MIN), 0) +
    (selectable ? CHECKBOX_WIDTH + ACTION_WIDTH : 0);

  return (
    <div
      ref={scrollRef}
      {...SELECTION_ZONE}
      className="h-[calc(100dvh-19rem)] min-h-96 overflow-auto overscroll-contain"
    >
      <table
        aria-rowcount={devices.length + 1}
        style={{ minWidth }}
        className="w-full table-fixed border-separate border-spacing-0 text-xs text-slate-700"
      >
        <colgroup>
          {selectable && <col style={{ width: CHECKBOX_WIDTH }} />}
          {columns.map((c) => (
            <col key={c.header} style={c.width ? { width: c.width } : undefined} />
          ))}
          {selectable && <col style={{ width: ACTION_WIDTH }} />}
        </colgroup>
        <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs font-semibold text-slate-600">
          <tr aria-rowindex={1}>
            {selectable && (
              <th scope="col" className="border-b border-slate-200 px-3 py-2.5">
                <SelectBox
                  access={access}
                  label="Select all loaded devices"
                  checked={allSelected}
                  indeterminate={!allSelected && selection.count > 0}
                  onChange={() => {
                    selection.setAll(devices, !allSelected);
                  }}
                />
              </th>
            )}
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className="truncate border-b border-slate-200 px-2 py-2.5"
              >
                {c.header}
              </th>
            ))}
            {selectable && (
              <th scope="col" className="border-b border-slate-200 px-2 py-2.5">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden="true" style={{ height: padTop }}>
              <td colSpan={span} />
            </tr>
          )}
          {items.map((item) => {
            const device = devices[item.index];
            if (!device) return null;
            return (
              <DeviceTableRow
                key={item.key}
                device={device}
                index={item.index}
                height={ROW_HEIGHT}
                columns={columns}
                now={now}
                access={access}
                selected={selection.isSelected(device.Id)}
                onToggle={selection.toggle}
                onChangeCustomer={onChangeCustomer}
              />
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={span} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
