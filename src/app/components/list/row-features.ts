import type { ReactNode } from 'react';
import type { ListColumn } from './columns';
import type { RowSelection } from './use-row-selection';

/** Selection checkboxes (spec 02: devices; never for viewers — leave the option out). */
export interface SelectionOptions<T> {
  state: RowSelection<T>;
  /** The checkbox's accessible name ('Select 358528110000001'). */
  label: (row: T) => string;
  /** The header checkbox's name ('Select all loaded devices'). */
  allLabel: string;
  /** Why the checkboxes are disabled, as their tooltip; enabled when absent. */
  disabledReason?: string | undefined;
}

/** Per-row buttons (edit, delete…): the table's last column, the card's footer. */
export interface RowActions<T> {
  /** The buttons; `layout` lets a card show labels where a table row has room for icons only. */
  render: (row: T, layout: 'table' | 'card') => ReactNode;
  /** The column's width on desktops, in px (about 44 per icon button). */
  width?: number;
}

/** Rows that open to show details under them (the device tests overview). */
export interface ExpandOptions<T> {
  render: (row: T) => ReactNode;
  /** The toggle's accessible name, open or closed. */
  label: (row: T, open: boolean) => string;
  /** The details element's id (the toggle's aria-controls). */
  id: (row: T) => string;
}

/** What the table and the cards both need beyond the columns. */
export interface RowFeatures<T> {
  rowKey: (row: T) => string | number;
  selection?: SelectionOptions<T> | undefined;
  rowActions?: RowActions<T> | undefined;
  expand?: ExpandOptions<T> | undefined;
  /** The keys of the open rows, and opening or closing one. */
  expanded: ReadonlySet<string | number>;
  onToggleExpanded: (key: string | number) => void;
}

/** What the table and the cards are given to show the rows. */
export interface ListViewProps<T> {
  /** The accessible name of the table or list ('Devices'). */
  label: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  features: RowFeatures<T>;
  /** Asks for the next page; called as the end of the loaded rows comes into view. */
  onNearEnd: () => void;
}

/** Load the next page this many rows before the end, so scrolling rarely waits (spec 01 §9). */
export const LOAD_AHEAD_ROWS = 30;
