/** What other features use of the devices feature (import it from here, not from its files). */
export { InSync, LastDownload } from './components/DeviceCells';
export { DeviceLink } from './components/DeviceLink';
export { deviceList, searchDevicesInfiniteOptions } from './api/device-lists';
export { protocolLabel, deviceTypeLabel } from './format';
