import { listPaths, listRoutePatterns } from './list-paths';

/** API paths, relative to the API base (`/api/`). Shared so client and server cannot drift. */
export const API_BASE = '/api/';

type Id = number | string;
/** The devices list: the list shape every admin list shares (src/shared/api/list-resource.ts). */
const devicesList = listPaths('devices');
const devicesListRoutes = listRoutePatterns('devices');
/** The forwards list (pages, count, search, a customer's) has the same shape. */
const forwardsList = listPaths('forwards');
/** The endpoints list: its customer list is also the device page's endpoint selects. */
const endpointsList = listPaths('endpoints');
const endpointsListRoutes = listRoutePatterns('endpoints');

export const apiPaths = {
  health: 'health',
  login: 'auth/login',
  refresh: 'auth/refresh',
  logout: 'auth/logout',
  account: (id: Id) => `auth/account/${id}`,
  dashboard: 'home/dashboard',

  devices: devicesList.first,
  device: (id: Id) => `devices/${id}`,
  devicesChunk: (lastId?: Id) => devicesList.chunk(lastId),
  devicesCount: devicesList.count,
  devicesSearch: (filter: string, text: string, customer?: Id | null) =>
    devicesList.search(filter, text, customer),
  devicesOfCustomer: (customerId: Id) => devicesList.ofCustomer(customerId),
  deviceState: (imei: string) => `devices/devicestate/${imei}`,
  deviceRawMessages: (imei: string, lastId?: Id) =>
    lastId == null ? `devices/rawmessages/${imei}` : `devices/rawmessages/${imei}/${lastId}`,
  deviceLastRawMessage: (imei: string) => `devices/rawmessages/last/${imei}`,
  deviceNote: 'devices/note/',
  deviceName: 'devices/name/',
  deviceCustomerConnection: (customerId?: Id) =>
    customerId == null ? 'devices/customerconnection/' : `devices/customerconnection/${customerId}`,
  deviceCustomerHistory: (deviceId: Id) => `devices/customerconnection/history/${deviceId}`,
  deviceConfigurationGroups: (groupId?: Id) =>
    groupId == null ? 'devices/configurationgroups/' : `devices/configurationgroups/${groupId}`,
  deviceModemRequests: (imeiOrId: Id) => `devices/modemrequests/${imeiOrId}`,
  deviceSettings: (imeiOrId: Id) => `devices/settings/${imeiOrId}`,
  deviceUnprocessedSettings: (imei: string) => `devices/settings/all/${imei}`,
  deviceForwards: (imeiOrId?: Id) =>
    imeiOrId == null ? 'devices/forwards/' : `devices/forwards/${imeiOrId}`,
  deviceCredential: (deviceId: Id) => `devices/credential/${deviceId}`,

  configurationGroups: 'configurationgroups/',
  configurationGroupsOfCustomer: (customerId: Id) => `configurationgroups/customer/${customerId}`,
  customers: 'customers/',
  customer: (id: Id) => `customers/${id}`,
  rtdIntegrations: 'customers/RTDIntegrations',
  users: 'users/',
  user: (id: Id) => `users/${id}`,
  usersOfCustomer: (customerId: Id) => `users/customer/${customerId}`,
  roles: 'roles/',
  role: (id: Id) => `roles/${id}`,
  features: 'features/',
  feature: (id: Id) => `features/${id}`,
  settingsProfiles: 'settingsProfiles/',
  settingsProfilesOfCustomer: (customerId: Id) => `settingsProfiles/customer/${customerId}`,
  settingsProfile: (id: Id) => `settingsProfiles/${id}`,
  settingsProfilePreview: (id: Id) => `settingsProfiles/${id}/preview`,
  settingsProfilesByName: (name: string, customerId?: Id) =>
    `settingsProfiles/name/${encodeURIComponent(name)}${customerId === undefined ? '' : `/${customerId}`}`,
  endpoints: endpointsList.first,
  endpoint: (id: Id) => `endpoints/${id}`,
  endpointsChunk: (lastId?: Id) => endpointsList.chunk(lastId),
  endpointsOfCustomer: (customerId: Id, after?: Id | null) =>
    endpointsList.ofCustomer(customerId, after),
  forwards: forwardsList.first,
  forward: (id: Id) => `forwards/${id}`,
  forwardIntegrations: 'forwards/integration',
  forwardIntegration: (id: Id) => `forwards/integration/${id}`,
  forwardProtocols: 'forwards/protocols',
  forwardMessageTypes: 'forwards/messagetypes',
  /** Delivery health of the listed forwards (issue 15). */
  forwardsHealth: (ids: readonly Id[]) => `forwards/health?ids=${ids.join(',')}`,
  forwardHealth: (id: Id) => `forwards/${id}/health`,
  /** GET with `?From=&To=`: how many messages; POST `{ From, To }`: send them again. */
  forwardReplay: (id: Id) => `forwards/${id}/replay`,
  canConfigs: 'canconfig/',
  activeCanConfigs: 'canconfig/active/',
  firmwares: 'AddonBoardFW/',
  firmwareFlags: 'AddonBoardFW/flags/',
  activeFirmwares: 'AddonBoardFW/active/',

  deviceTypes: 'devices/flags',
  deviceTestSettings: 'devicetestsettings/',
  deviceTestSetting: (id: Id) => `devicetestsettings/${id}`,
  deviceTestSetActive: (imei: string) => `devicetestsettings/setactive/${imei}`,
  deviceTestSetInactive: (imei: string) => `devicetestsettings/setinactive/${imei}`,
  deviceTests: 'devicetests',
  /** A run of an installation test (its key: a UUID the client chose when starting it). */
  deviceTestRun: (key: string) => `devicetests/runs/${key}`,
  deviceTestRunVerdicts: (key: string) => `devicetests/runs/${key}/verdicts`,
} as const;

/** Route patterns as the server registers them (Fastify syntax). */
export const serverRoutes = {
  health: '/health',
  login: '/auth/login',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  account: '/auth/account/:id',
  dashboard: '/home/dashboard',

  devices: devicesListRoutes.first,
  device: '/devices/:id',
  devicesChunk: devicesListRoutes.chunk,
  devicesChunkAfter: devicesListRoutes.chunkAfter,
  devicesCount: devicesListRoutes.count,
  devicesSearch: devicesListRoutes.search,
  devicesSearchOfCustomer: devicesListRoutes.searchOfCustomer,
  devicesOfCustomer: devicesListRoutes.ofCustomer,
  deviceState: '/devices/devicestate/:imei',
  deviceRawMessages: '/devices/rawmessages/:imei',
  deviceRawMessagesBefore: '/devices/rawmessages/:imei/:lastId',
  deviceLastRawMessage: '/devices/rawmessages/last/:imei',
  deviceNote: '/devices/note',
  deviceName: '/devices/name',
  deviceCustomerConnection: '/devices/customerconnection',
  deviceCustomerConnectionTo: '/devices/customerconnection/:customerId',
  deviceCustomerHistory: '/devices/customerconnection/history/:deviceId',
  deviceConfigurationGroups: '/devices/configurationgroups',
  deviceConfigurationGroupsTo: '/devices/configurationgroups/:groupId',
  deviceModemRequestsOfDevice: '/devices/modemrequests/:imei',
  deviceModemRequest: '/devices/modemrequests/:id',
  deviceSettingsOfDevice: '/devices/settings/:imei',
  /** PUT: a SettingsList body addresses a device by IMEI, a single setting one setting by id. */
  deviceSettingsOrSetting: '/devices/settings/:key',
  deviceSetting: '/devices/settings/:id',
  deviceUnprocessedSettings: '/devices/settings/all/:imei',
  deviceForwards: '/devices/forwards',
  deviceForwardsOfDevice: '/devices/forwards/:imei',
  deviceForward: '/devices/forwards/:id',
  /** POST (admins): a new device-link credential, shown once. */
  deviceCredential: '/devices/credential/:id',

  configurationGroups: '/configurationgroups',
  configurationGroupsOfCustomer: '/configurationgroups/customer/:customerId',
  customers: '/customers',
  customer: '/customers/:id',
  rtdIntegrations: '/customers/RTDIntegrations',
  users: '/users',
  user: '/users/:id',
  usersOfCustomer: '/users/customer/:customerId',
  roles: '/roles',
  role: '/roles/:id',
  features: '/features',
  feature: '/features/:id',
  settingsProfiles: '/settingsProfiles',
  settingsProfilesOfCustomer: '/settingsProfiles/customer/:customerId',
  settingsProfile: '/settingsProfiles/:id',
  settingsProfilePreview: '/settingsProfiles/:id/preview',
  settingsProfilesByName: '/settingsProfiles/name/:name',
  settingsProfilesByNameOfCustomer: '/settingsProfiles/name/:name/:customerId',
  endpoints: endpointsListRoutes.first,
  endpoint: '/endpoints/:id',
  endpointsOfCustomer: endpointsListRoutes.ofCustomer,
  forward: '/forwards/:id',
  forwards: '/forwards',
  forwardIntegrations: '/forwards/integration',
  forwardIntegration: '/forwards/integration/:id',
  forwardProtocols: '/forwards/protocols',
  forwardMessageTypes: '/forwards/messagetypes',
  forwardsHealth: '/forwards/health',
  forwardHealth: '/forwards/:id/health',
  forwardReplay: '/forwards/:id/replay',
  canConfigs: '/canconfig',
  activeCanConfigs: '/canconfig/active',
  firmwares: '/AddonBoardFW',
  firmwareFlags: '/AddonBoardFW/flags',
  activeFirmwares: '/AddonBoardFW/active',

  deviceTypes: '/devices/flags',
  deviceTestSettings: '/devicetestsettings',
  deviceTestSetting: '/devicetestsettings/:id',
  deviceTestSetActive: '/devicetestsettings/setactive/:imei',
  deviceTestSetInactive: '/devicetestsettings/setinactive/:imei',
  deviceTests: '/devicetests',
  deviceTestRun: '/devicetests/runs/:key',
  deviceTestRunVerdicts: '/devicetests/runs/:key/verdicts',
} as const;
