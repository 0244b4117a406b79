/** The installation test's public API for the app: its offline writes, registered after sign-in. */
export { DEVICE_TEST_OFFLINE_WRITES } from './offline-writes';
