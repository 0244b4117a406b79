import type { Action } from './permissions';

/**
 * What each action of the permission table allows, in words: for the OpenAPI document and the
 * docs. Apart from the table so the app's bundle, which checks actions, does not carry the text.
 */
export const PERMISSION_DESCRIPTIONS: Record<Action, string> = {
  session: 'Any signed-in user',
  'dashboard.read': 'Dashboard',
  'dashboard.quality': 'Dashboard quality charts: raw message quality, device config status',
  'lookups.read':
    'Selector lookups: configuration groups, profiles, endpoints, forwards, libraries',
  'devices.read': 'Devices and everything on a device page',
  'devices.write': 'Device note, name, settings, modem requests, forwards',
  'devices.assign': 'Change the customer or configuration group of devices',
  'devices.select':
    'Selection checkboxes and bulk Change Customer on the devices list (spec 02 §2)',
  'devices.customerHistory': "A device's customer history",
  'devices.credential': 'Issue a device-link credential',
  'deviceTests.run': 'Installation tests: run, configure, overview',
  'deviceTests.write':
    'Installation-test calls: save test settings, start and stop a test, live hub',
  'customers.read': 'Customers in the caller’s tree',
  'customers.create': 'Create a customer (a reseller: under itself)',
  'customers.update': 'Update a customer in the caller’s tree',
  'customers.delete': 'Deactivate a customer (not one’s own)',
  'customers.resellers': 'The Reseller checkbox and main reseller of a customer',
  'endpoints.read': 'Endpoints: the list and the device page’s endpoint selects',
  'endpoints.write': 'Create, update and remove endpoints (admins and users who are not resellers)',
  'endpoints.shared': 'Change or remove a shared endpoint (one of no customer)',
  'settingsProfiles.write':
    'Create, change (re-targeting its devices) and remove settings profiles (settingsProfiles/)',
  'users.read': 'Users of customers in the caller’s tree',
  'users.create': 'Create a user in the caller’s tree',
  'users.update': 'Update a user (oneself: the profile)',
  'users.delete': 'Delete a user (not oneself)',
  'users.grantAdmin': 'Give a user the Admin role',
  'account.update': 'Save one’s own profile and customer (account page)',
  'roles.list': 'Roles, for the role select',
  'roles.manage': 'The Roles screen: create and remove roles',
  'features.list': 'Features, for the features select',
  'features.grantAny': 'Give a customer features the caller’s own customer does not have',
  'features.manage': 'The Features screen: create and remove features',
  'forwards.read':
    'Forwards of the caller’s tree (and the provider’s shared ones), protocols, types',
  'forwards.write': 'Create, update and remove forwards and Azure IoT hub integrations in the tree',
  'log.read': 'The middleware log (Log screen, log/…): every customer’s entries',
  'libraries.manage':
    'QTLibrary and firmware (canconfig/, AddonBoardFW/): upload, change and delete entries, mass updates',
  'rawMessages.read': 'Every device’s raw messages (Raw Messages screen, rawmessages/…)',
  'customTestData.read': 'Custom test data of the caller’s tree: the list and the files',
  'customTestData.manage': 'Upload and remove custom test data files for any customer',
  'tacho.read': 'Tacho downloads, overviews, files and the state graph of the caller’s tree',
  'tacho.request': 'Request a remote download of a vehicle or driver card',
  'authServers.read': 'Authentication servers of the caller’s tree (customer detail tab)',
  'authServers.write': 'Create, update and remove authentication servers (/tacho)',
  'companyCards.read': 'Company cards of the caller’s tree (customer detail tab)',
  'companyCards.write': 'Change a company card and the devices it serves',
  'companyCards.manage': 'Create and remove company cards',
  'screens.endpoints': 'Endpoints menu: admins and users who are not resellers',
  'screens.library': 'SettingsProfiles, QTLibrary, Firmware',
  'screens.tacho': 'Tacho menu, Last Download column, tacho tabs',
  'screens.authServers': 'Auth Server list (/tacho)',
  'screens.admin': 'Admin menu and the admin-only route group',
};
