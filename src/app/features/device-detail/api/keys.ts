import { forwardKeys } from '@app/lib/lookups/forwards';
import { canConfigKeys, firmwareKeys } from '@app/lib/lookups/libraries';
import { settingsProfileKeys } from '@app/lib/lookups/settings-profiles';

/** Query keys of the device screen: one factory, so invalidations cannot drift from queries. */
export const deviceDetailKeys = {
  all: ['device-detail'] as const,
  device: (id: number) => [...deviceDetailKeys.all, 'device', id] as const,
  settingsHistory: (imei: string) => [...deviceDetailKeys.all, 'settings-history', imei] as const,
  modemRequests: (imei: string) => [...deviceDetailKeys.all, 'modem-requests', imei] as const,
  /** Under the forwards' root (lib/lookups): any forward change refreshes the slots too. */
  forwards: (imei: string) => forwardKeys.device(imei),
  rawMessages: (imei: string) => [...deviceDetailKeys.all, 'raw-messages', imei] as const,
  customerHistory: (deviceId: number) =>
    [...deviceDetailKeys.all, 'customer-history', deviceId] as const,

  lookups: () => [...deviceDetailKeys.all, 'lookup'] as const,
  /** Under the profiles' root (lib/lookups): a profile saved on its screen refreshes the select. */
  settingsProfiles: (customerId: number | null) => settingsProfileKeys.lookup(customerId),
  /** Under the libraries' roots (lib/lookups): a save on their screens refreshes the selects. */
  canConfigs: () => canConfigKeys.active(),
  firmwares: () => firmwareKeys.active(),
};

/**
 * Mutation keys, one per kind of device write. The offline outbox will register its
 * `setMutationDefaults` under these, so a queued write can be replayed from its variables alone.
 */
export const deviceWriteKeys = {
  all: ['device-write'] as const,
  settings: () => [...deviceWriteKeys.all, 'settings'] as const,
  settingEdit: () => [...deviceWriteKeys.all, 'setting-edit'] as const,
  settingRemove: () => [...deviceWriteKeys.all, 'setting-remove'] as const,
  unprocessedRemove: () => [...deviceWriteKeys.all, 'unprocessed-remove'] as const,
  requestCreate: () => [...deviceWriteKeys.all, 'request-create'] as const,
  requestUpdate: () => [...deviceWriteKeys.all, 'request-update'] as const,
  requestRemove: () => [...deviceWriteKeys.all, 'request-remove'] as const,
  forwardCreate: () => [...deviceWriteKeys.all, 'forward-create'] as const,
  forwardUpdate: () => [...deviceWriteKeys.all, 'forward-update'] as const,
  forwardRemove: () => [...deviceWriteKeys.all, 'forward-remove'] as const,
  customerAssign: () => [...deviceWriteKeys.all, 'customer-assign'] as const,
  customerRemove: () => [...deviceWriteKeys.all, 'customer-remove'] as const,
  groupAssign: () => [...deviceWriteKeys.all, 'group-assign'] as const,
  groupRemove: () => [...deviceWriteKeys.all, 'group-remove'] as const,
  note: () => [...deviceWriteKeys.all, 'note'] as const,
  name: () => [...deviceWriteKeys.all, 'name'] as const,
};

/** Identifies the device a write is for; every write's variables carry it. */
export interface DeviceRef {
  deviceId: number;
  imei: string;
}
