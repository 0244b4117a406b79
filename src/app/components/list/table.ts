/**
 * The list kit's light parts: the short in-card table, the row icon button and the list's date
 * formats. Screens without a ListPage (a device's tabs, the users panel, row buttons) import from
 * here, so they do not load the whole kit (its virtualised table, toolbar and search).
 */
export { ResponsiveTable, type Column } from './ResponsiveTable';
export { RowIconButton } from './RowIconButton';
export { formatListDate, formatListDay, formatListTime, orDash } from './format';
