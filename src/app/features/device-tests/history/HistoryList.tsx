import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState } from 'react';
import type { DeviceTestResult } from '../../../../shared/device-tests';
import { HISTORY_COLUMNS, HistoryCard, HistoryRow } from './HistoryItem';

const ROW_ESTIMATE = 45;
const CARD_ESTIMATE = 104;

interface HistoryListProps {
  results: readonly DeviceTestResult[];
  desktop: boolean;
  /** Called as the last rows come into view: the next page should load. */
  onNearEnd: () => void;
}

/** Start the next page this many rows before the end. */
const LOAD_AHEAD = 20;

/**
 * The results in the page's own scroll, only those near the viewport in the DOM (the history
 * grows with every installation). Rows are measured, as an expanded row is taller.
 */
export function HistoryList({ results, desktop, onNearEnd }: HistoryListProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback((id: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const [scrollMargin, setScrollMargin] = useState(0);
  const listRef = useCallback((element: HTMLDivElement | null) => {
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
  }, []);

  const gap = desktop ? 0 : 12;
  const virtualizer = useWindowVirtualizer({
    count: results.length,
    estimateSize: () => (desktop ? ROW_ESTIMATE : CARD_ESTIMATE + gap),
    getItemKey: (index) => results[index]?.Id ?? index,
    overscan: 6,
    scrollMargin,
  });
  const lastIndex = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= results.length - LOAD_AHEAD) onNearEnd();
  }, [lastIndex, results.length, onNearEnd]);
  const Item = desktop ? HistoryRow : HistoryCard;

  return (
    <div
      role={desktop ? 'table' : 'list'}
      aria-label="Device tests"
      aria-rowcount={desktop ? results.length + 1 : undefined}
    >
      {desktop && (
        <div
          role="row"
          className={`${HISTORY_COLUMNS} border-b border-slate-200 bg-slate-50 py-2.5 text-left text-xs font-semibold text-slate-600`}
        >
          <span role="columnheader" className="sr-only">
            Details
          </span>
          {['TimeStamp', 'Customer', 'IMEI', 'User', 'TestResult'].map((h) => (
            <span
              role="columnheader"
              key={h}
              className={`px-2 ${h === 'TimeStamp' ? 'col-start-2' : ''}`}
            >
              {h}
            </span>
          ))}
        </div>
      )}
      <div ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const result = results[item.index];
          if (!result) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              role={desktop ? undefined : 'listitem'}
              className="absolute inset-x-0 top-0"
              style={{
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                paddingBottom: gap,
              }}
            >
              <Item result={result} expanded={expanded.has(result.Id)} onToggle={toggle} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
