/** The tabs of the device screen: reading B of spec 01 §2.6 plus reading A's Tacho settings. */
export const DEVICE_TABS = [
  { id: 'information', label: 'Information' },
  { id: 'settings', label: 'Settings' },
  { id: 'tacho', label: 'Tacho settings' },
  { id: 'can', label: 'CAN Config' },
  { id: 'endpoints', label: 'Endpoints & messages' },
  { id: 'forwards', label: 'Message forwards' },
  { id: 'thresholds', label: 'Thresholds' },
  { id: 'requests', label: 'Requests' },
  { id: 'rawmessages', label: 'RawMessage' },
  { id: 'settingshistory', label: 'Settings history' },
  { id: 'customerhistory', label: 'Customer history' },
] as const;

export type DeviceTab = (typeof DEVICE_TABS)[number];
export type DeviceTabId = DeviceTab['id'];
export const DEVICE_TAB_IDS = DEVICE_TABS.map((tab) => tab.id);
export const DEFAULT_TAB: DeviceTabId = 'information';

/**
 * CAN Config only for applicationVersion 0, Endpoints & messages only otherwise (both read from
 * the current, applied configuration); Customer history only for admins.
 */
export function visibleTabs(applicationVersion: number, admin: boolean): DeviceTab[] {
  return DEVICE_TABS.filter((tab) => {
    if (tab.id === 'can') return applicationVersion === 0;
    if (tab.id === 'endpoints') return applicationVersion !== 0;
    if (tab.id === 'customerhistory') return admin;
    return true;
  });
}

/** A linked tab this device or user does not have falls back to Information. */
export function resolveTab(requested: DeviceTabId | undefined, visible: DeviceTab[]): DeviceTabId {
  return visible.some((tab) => tab.id === requested) ? (requested ?? DEFAULT_TAB) : DEFAULT_TAB;
}
