import { DEVICE_TYPES, deviceTypeName } from '@shared/devices/constants';

/**
 * Keys of the libraries (spec 03): the QTLibrary (`canconfig/`) and the firmware
 * (`AddonBoardFW/`). The admin screens keep their whole lists under them, and the device page
 * its selects of the active entries, so a library saved on its screen refreshes those selects
 * without the screen knowing the device page.
 */
export const canConfigKeys = {
  all: ['canconfig'] as const,
  /** `GET canconfig/`: every entry (the QTLibrarys screen). */
  list: () => [...canConfigKeys.all, 'list'] as const,
  /** `GET canconfig/active/`: the Protocol Code selects. */
  active: () => [...canConfigKeys.all, 'active'] as const,
};

export const firmwareKeys = {
  all: ['firmware'] as const,
  /** `GET AddonBoardFW/`: every firmware, newest first (the Firmware screen). */
  list: () => [...firmwareKeys.all, 'list'] as const,
  /** `GET AddonBoardFW/active/`: the device page's firmware selects. */
  active: () => [...firmwareKeys.all, 'active'] as const,
  /** `GET AddonBoardFW/flags/`: Booter, Application. */
  flags: () => [...firmwareKeys.all, 'flags'] as const,
};

/** The device types of both libraries' selects, in the spec's order: 4, 2, 1 (spec 03 §3). */
export const DEVICE_TYPE_OPTIONS: readonly { value: number; label: string }[] = [...DEVICE_TYPES]
  .sort((a, b) => b - a)
  .map((type) => ({ value: type, label: deviceTypeName(type) }));

/** The words of the Status select (spec 03 "Create Firmware"), shown in both Active columns. */
export const activeText = (active: boolean): string => (active ? 'Active' : 'InActive');

/**
 * The words the Active search matches from their start: the column's word, and yes/no or
 * true/false for those who type them ('Active' finds the active alone, 'In' the switched-off).
 */
export const activeSearchWords = (row: { Active: boolean }): readonly string[] =>
  row.Active ? [activeText(true), 'yes', 'true'] : [activeText(false), 'no', 'false'];
