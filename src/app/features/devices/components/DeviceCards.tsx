import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState } from 'react';
import { useNow } from '../../../lib/use-now';
import { SELECTION_ZONE } from '../use-device-selection';
import { DeviceCard } from './DeviceCard';
import { LOAD_AHEAD_ROWS, type DeviceListViewProps } from './list-types';

const CARD_ESTIMATE = 216;
const CARD_GAP = 12;

/**
 * Phones: one card per device in the page's own scroll (no scroll box inside the page), with only
 * the cards near the viewport in the DOM.
 */
export function DeviceCards({
  devices,
  access,
  withLastDownload,
  selection,
  onChangeCustomer,
  onNearEnd,
}: DeviceListViewProps) {
  const now = useNow(60_000);
  // Where the list starts in the document, for the window virtualizer's arithmetic. Measured
  // once it mounts: the header and search bar above it do not change height afterwards.
  const [scrollMargin, setScrollMargin] = useState(0);
  const listRef = useCallback((element: HTMLDivElement | null) => {
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: devices.length,
    estimateSize: () => CARD_ESTIMATE + CARD_GAP,
    getItemKey: (index) => devices[index]?.Id ?? index,
    overscan: 4,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastIndex >= devices.length - LOAD_AHEAD_ROWS) onNearEnd();
  }, [lastIndex, devices.length, onNearEnd]);

  return (
    <div
      ref={listRef}
      {...SELECTION_ZONE}
      role="list"
      aria-label="Devices"
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const device = devices[item.index];
        if (!device) return null;
        return (
          <div
            key={item.key}
            role="listitem"
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 top-0"
            style={{
              transform: `translateY(${item.start - scrollMargin}px)`,
              paddingBottom: CARD_GAP,
            }}
          >
            <DeviceCard
              device={device}
              now={now}
              access={access}
              withLastDownload={withLastDownload}
              selected={selection.isSelected(device.Id)}
              onToggle={selection.toggle}
              onChangeCustomer={onChangeCustomer}
            />
          </div>
        );
      })}
    </div>
  );
}
