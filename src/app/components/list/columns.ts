import type { ReactNode } from 'react';

/** Where a column goes on a phone's card (the table shows every column). */
export type CardPlace = 'title' | 'subtitle' | 'badge' | 'field' | 'wide' | 'hidden';

/**
 * One column of a list, for the desktop table and the phone cards alike. A plain column needs
 * only `id`, `header` and `text`; `cell` renders anything else (links, badges).
 */
export interface ListColumn<T> {
  /** Unique within the list (the sort and React keys use it). */
  id: string;
  /** The header text, as the spec names the column; also the card's label. */
  header: string;
  /** The cell's plain text: the default cell, its tooltip (full text of a cut-off cell), sort key. */
  text?: (row: T) => string | number | null | undefined;
  /** The cell; defaults to `text`, or a dash when that is empty. */
  cell?: (row: T) => ReactNode;
  /**
   * Fixed width in px, for identifiers and dates (sized so they show whole at 12 px). Columns
   * without one share the rest, each at least `minWidth` (default 96 px); the table scrolls
   * sideways only below the sum.
   */
  width?: number;
  minWidth?: number;
  /**
   * The column may leave the table when the table's box is narrower than all columns (an office
   * screen at 1024 px, a list beside a panel): the lowest priority first, until the rest fit
   * without sideways scrolling. Columns without one always stay; phone cards show every column.
   */
  priority?: number;
  /** Sortable by clicking its header (client-side, over the loaded rows). */
  sortable?: boolean;
  /** The sort key when `text` is not it (dates as ISO strings, numbers). */
  sortValue?: (row: T) => string | number | null | undefined;
  /** On phone cards (default 'field': a labelled value in the card's grid). */
  card?: CardPlace;
  /** Extra classes for the cell (tabular-nums, alignment). */
  className?: string;
  /**
   * Names the reader needs whole (a customer, a protocol with its brand in brackets): the header
   * and the cell may take two lines (the row keeps its 44 px) instead of one cut short, and a
   * phone card shows the whole text. Size the column so the usual values take at most two
   * lines; a longer one ends in an ellipsis, its full text on hover.
   */
  wrap?: boolean;
}

export const DEFAULT_MIN_WIDTH = 96;

/** A table cell's or header's text: on one line cut short, or on up to two (`wrap`). */
export const cellTextClass = (column: { wrap?: boolean | undefined }): string =>
  column.wrap ? 'line-clamp-2 break-words' : 'truncate';

/** A column's own width in the table's arithmetic. */
export const columnWidth = (column: ListColumn<never>): number =>
  column.width ?? column.minWidth ?? DEFAULT_MIN_WIDTH;

/** The tooltip of a cell: its full text, for a value the column may cut off. */
export function cellTitle<T>(column: ListColumn<T>, row: T): string | undefined {
  const value = column.text?.(row);
  return value === null || value === undefined || value === '' ? undefined : String(value);
}
