/**
 * The device page's public API, for other features and the app: its offline writes (registered
 * with the outbox after sign-in), and the device data the installation test shows too.
 */
export { DEVICE_OFFLINE_WRITES } from './offline-writes';
export { deviceQueryOptions } from './api/device';
export { rawMessagesInfiniteOptions } from './api/history';
export { canConfigsQueryOptions } from './api/lookups';
