/**
 * File sizes and rules as the file field shows them. Apart from the field, so a list column can
 * show a stored file's size without loading the form kit.
 */

/** What a file field accepts: extensions with their dot ('.tlqs') and a size limit in bytes. */
export interface FileRule {
  extensions: readonly string[];
  maxBytes: number;
}

const oneDecimal = (value: number) =>
  value < 10 ? value.toFixed(1) : Math.round(value).toFixed(0);

/** 512 bytes, 1.2 KB, 36 KB, 2.4 MB (1 KB = 1024 bytes, as the limits are set). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${String(bytes)} bytes`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${oneDecimal(kb).replace(/\.0$/, '')} KB`;
  return `${oneDecimal(kb / 1024).replace(/\.0$/, '')} MB`;
}

/** '.tlqs or .s2s', '.bin, .tlqs or .fota'. */
const orList = (items: readonly string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${String(items.at(-1))}`;

/** The hint under a file field: 'At most 36 KB, .tlqs or .s2s' ('At most 10 MB, any format'). */
export const fileRuleHint = (rule: FileRule): string =>
  `At most ${formatFileSize(rule.maxBytes)}, ${rule.extensions.length ? orList(rule.extensions) : 'any format'}`;

/** A file's name and size on one line: 'ABC_4.tlqs · 1.2 KB' (the name alone when unknown). */
export const fileLabel = (name: string, size: number | null | undefined): string =>
  size === null || size === undefined ? name : `${name} · ${formatFileSize(size)}`;
