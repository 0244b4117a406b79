/**
 * The device page's public API, for other features and the app: its offline writes (registered
 * with the outbox after sign-in), the device data the installation test shows too, and the
 * Protocol Code rule (device type, old CAN) its set-up offers the same way.
 */
export { DEVICE_OFFLINE_WRITES } from './offline-writes';
export { deviceQueryOptions } from './api/device';
export { createRequestMutationOptions } from './api/modem-requests';
export { rawMessagesInfiniteOptions } from './api/history';
export { canConfigsQueryOptions } from './api/lookups';
export { isOldCanDevice, protocolLabel, protocolOptions } from './model/options';
