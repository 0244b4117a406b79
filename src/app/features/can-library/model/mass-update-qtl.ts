import type { CanConfig } from '@shared/libraries/can-library';
import type { Option } from '@app/components/form';

/** The selects' placeholder: '--', nothing chosen. */
const NONE: Option = { value: '', label: '--' };

const codeOptions = (entries: readonly CanConfig[]): Option[] => [
  NONE,
  ...[...new Set(entries.map((e) => e.Protocol))]
    .sort((a, b) => a.localeCompare(b))
    .map((code) => ({ value: code, label: code })),
];

/**
 * Mass Update QTL's choices, from the QTLibrary list: devices may be on any code the library
 * has held (current), and move only to an active entry's code (new).
 */
export const massUpdateCodeOptions = (entries: readonly CanConfig[]) => ({
  current: codeOptions(entries),
  next: codeOptions(entries.filter((e) => e.Active)),
});
