import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState } from 'react';
import { ListCard } from './ListCard';
import { LOAD_AHEAD_ROWS, type ListViewProps } from './row-features';
import { SELECTION_ZONE } from './use-row-selection';

const CARD_ESTIMATE = 200;
const CARD_GAP = 12;

/**
 * Phones: one card per row in the page's own scroll (no scroll box inside the page), with only
 * the cards near the viewport in the DOM, each measured.
 */
export function CardList<T>({ label, columns, rows, features, onNearEnd }: ListViewProps<T>) {
  const { rowKey, selection } = features;
  // Where the list starts in the document, for the window virtualizer's arithmetic. Measured
  // once it mounts: what sits above it does not change height afterwards.
  const [scrollMargin, setScrollMargin] = useState(0);
  const listRef = useCallback((element: HTMLDivElement | null) => {
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => CARD_ESTIMATE + CARD_GAP,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    overscan: 4,
    useFlushSync: false,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastIndex >= rows.length - LOAD_AHEAD_ROWS) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  return (
    <div
      ref={listRef}
      {...(selection ? SELECTION_ZONE : {})}
      role="list"
      aria-label={label}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const row = rows[item.index];
        if (row === undefined) return null;
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
            <ListCard
              row={row}
              columns={columns}
              features={features}
              selected={selection?.state.isSelected(row) ?? false}
              open={features.expanded.has(rowKey(row))}
            />
          </div>
        );
      })}
    </div>
  );
}
