/**
 * The outbox's public API (other features import only this). A feature registers its offline
 * writes (registerOfflineWrites) and makes them through submitWrite / useDeviceWrite; its
 * mutation functions send through sendWrite. The app starts the outbox after sign-in
 * (src/app/start-outbox.ts).
 */
export {
  followUp,
  offlineWrite,
  registerOfflineWrites,
  type FollowUp,
  type OfflineWrite,
  type WriteDefinition,
} from './registry';
export { registerOfflineMutations } from './register';
export { submitWrite, type WriteOutcome } from './queue/submit';
export { isReplay, sendWrite, type DeviceWriteVariables } from './queue/tag';
export { findConflicts, SettingsConflictError } from './queue/conflicts';
export { announceQueued, useDeviceWrite } from './use-device-write';
export { useDeviceOutbox, useOpenOutboxCount } from './use-outbox';
export { waitingOfKind, type OutboxEntry } from './model/entries';
export { DeviceOutboxNotice } from './components/DeviceOutboxNotice';
