import { FEATURE_TACHO_DOWNLOAD } from './role-names';

/**
 * Who may do what: the one table the menu, the route guards, the buttons on screens and the
 * server all read (issue 10, docs/decisions/026). The server denies by default: every route
 * names one of these actions (or 'public') and the guard checks it with `can`. Tenancy (which
 * customers' objects) is not in here; it is applied by the repositories on top.
 */

/** Role classes: Admin and Viewer are built in; every other role (User, custom ones) is a user. */
export type RoleClass = 'Admin' | 'User' | 'Viewer';

export const roleClass = (role: string): RoleClass =>
  role === 'Admin' ? 'Admin' : role === 'Viewer' ? 'Viewer' : 'User';

export interface Rule {
  /** Role classes allowed (before the other conditions). */
  roles: readonly RoleClass[];
  /**
   * The reseller flag: 'required' (admins included, spec 02 §6 device selection),
   * 'unlessAdmin' (admins, or resellers), 'notUnlessAdmin' (admins, or users who are not).
   */
  reseller?: 'required' | 'unlessAdmin' | 'notUnlessAdmin';
  /** A feature the caller's customer must have. */
  feature?: string;
  /** 'forbidden': not on the caller's own object (own user, own customer). */
  self?: 'forbidden';
  /** What it is, for the docs and the OpenAPI document. */
  description: string;
}

const ALL: readonly RoleClass[] = ['Admin', 'User', 'Viewer'];
const WRITERS: readonly RoleClass[] = ['Admin', 'User'];
const ADMIN: readonly RoleClass[] = ['Admin'];

export const PERMISSIONS = {
  // Signed in, nothing more: the own account, the dashboard, lists and lookups.
  session: { roles: ALL, description: 'Any signed-in user' },
  'dashboard.read': { roles: ALL, description: 'Dashboard' },
  'dashboard.quality': {
    roles: ADMIN,
    description: 'Dashboard quality charts: raw message quality, device config status',
  },
  'lookups.read': {
    roles: ALL,
    description: 'Selector lookups: configuration groups, profiles, endpoints, forwards, libraries',
  },

  'devices.read': { roles: ALL, description: 'Devices and everything on a device page' },
  'devices.write': {
    roles: WRITERS,
    description: 'Device note, name, settings, modem requests, forwards',
  },
  'devices.assign': {
    roles: WRITERS,
    reseller: 'unlessAdmin',
    description: 'Change the customer or configuration group of devices',
  },
  'devices.select': {
    roles: WRITERS,
    reseller: 'required',
    description: 'Selection checkboxes and bulk Change Customer on the devices list (spec 02 §2)',
  },
  'devices.customerHistory': { roles: ADMIN, description: "A device's customer history" },
  'devices.credential': { roles: ADMIN, description: 'Issue a device-link credential' },

  'deviceTests.run': {
    roles: WRITERS,
    reseller: 'unlessAdmin',
    description: 'Installation tests: run, configure, overview',
  },
  // The API of the installation test is open to every user but Viewers (tenancy on top, and a
  // customer or group change still needs devices.assign): docs/installation-test.md.
  'deviceTests.write': {
    roles: WRITERS,
    description: 'Installation-test calls: save test settings, start and stop a test, live hub',
  },

  'customers.read': { roles: ALL, description: 'Customers in the caller’s tree' },
  'customers.create': {
    roles: WRITERS,
    reseller: 'unlessAdmin',
    description: 'Create a customer (a reseller: under itself)',
  },
  'customers.update': { roles: WRITERS, description: 'Update a customer in the caller’s tree' },
  'customers.delete': {
    roles: WRITERS,
    reseller: 'unlessAdmin',
    self: 'forbidden',
    description: 'Deactivate a customer (not one’s own)',
  },
  'customers.resellers': {
    roles: ADMIN,
    description: 'The Reseller checkbox and main reseller of a customer',
  },

  'endpoints.read': {
    roles: ALL,
    description: 'Endpoints: the list and the device page’s endpoint selects',
  },
  'endpoints.write': {
    roles: WRITERS,
    reseller: 'notUnlessAdmin',
    description: 'Create, update and remove endpoints (admins and users who are not resellers)',
  },
  'endpoints.shared': {
    roles: ADMIN,
    description: 'Change or remove a shared endpoint (one of no customer)',
  },

  'users.read': { roles: ALL, description: 'Users of customers in the caller’s tree' },
  'users.create': { roles: WRITERS, description: 'Create a user in the caller’s tree' },
  'users.update': { roles: WRITERS, description: 'Update a user (oneself: the profile)' },
  'users.delete': {
    roles: WRITERS,
    self: 'forbidden',
    description: 'Delete a user (not oneself)',
  },
  'users.grantAdmin': { roles: ADMIN, description: 'Give a user the Admin role' },
  'account.update': {
    roles: WRITERS,
    description: 'Save one’s own profile and customer (account page)',
  },

  'roles.list': { roles: ALL, description: 'Roles, for the role select' },
  'roles.manage': { roles: ADMIN, description: 'The Roles screen: create and remove roles' },
  'features.list': { roles: ALL, description: 'Features, for the features select' },
  'features.grantAny': {
    roles: ADMIN,
    description: 'Give a customer features the caller’s own customer does not have',
  },
  'features.manage': {
    roles: ADMIN,
    description: 'The Features screen: create and remove features',
  },

  'forwards.read': {
    roles: ALL,
    description: 'Forwards of the caller’s tree (and the provider’s shared ones), protocols, types',
  },
  'forwards.write': {
    roles: WRITERS,
    description: 'Create, update and remove forwards and Azure IoT hub integrations in the tree',
  },
  'log.read': {
    roles: ADMIN,
    description: 'The middleware log (Log screen, log/…): every customer’s entries',
  },
  'rawMessages.read': {
    roles: ADMIN,
    description: 'Every device’s raw messages (Raw Messages screen, rawmessages/…)',
  },

  'tacho.read': {
    roles: ALL,
    feature: FEATURE_TACHO_DOWNLOAD,
    description: 'Tacho downloads, overviews, files and the state graph of the caller’s tree',
  },
  'tacho.request': {
    roles: WRITERS,
    feature: FEATURE_TACHO_DOWNLOAD,
    description: 'Request a remote download of a vehicle or driver card',
  },
  'authServers.read': {
    roles: ALL,
    feature: FEATURE_TACHO_DOWNLOAD,
    description: 'Authentication servers of the caller’s tree (customer detail tab)',
  },
  'authServers.write': {
    roles: ADMIN,
    feature: FEATURE_TACHO_DOWNLOAD,
    description: 'Create, update and remove authentication servers (/tacho)',
  },
  'companyCards.read': {
    roles: ALL,
    feature: FEATURE_TACHO_DOWNLOAD,
    description: 'Company cards of the caller’s tree (customer detail tab)',
  },
  'companyCards.write': {
    roles: WRITERS,
    feature: FEATURE_TACHO_DOWNLOAD,
    description: 'Change a company card and the devices it serves',
  },
  'companyCards.manage': {
    roles: ADMIN,
    feature: FEATURE_TACHO_DOWNLOAD,
    description: 'Create and remove company cards',
  },

  // Screens and menu entries (spec 01 §2.2).
  'screens.endpoints': {
    roles: ALL,
    reseller: 'notUnlessAdmin',
    description: 'Endpoints menu: admins and users who are not resellers',
  },
  'screens.library': {
    roles: ADMIN,
    description: 'SettingsProfiles, QTLibrary, Firmware',
  },
  'screens.tacho': {
    roles: ALL,
    feature: FEATURE_TACHO_DOWNLOAD,
    description: 'Tacho menu, Last Download column, tacho tabs',
  },
  'screens.authServers': {
    roles: ADMIN,
    feature: FEATURE_TACHO_DOWNLOAD,
    description: 'Auth Server list (/tacho)',
  },
  'screens.admin': {
    roles: ADMIN,
    description: 'Admin menu and the admin-only route group',
  },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** What `can` needs to know about the caller: the fields of the session's Auth. */
export interface Subject {
  Role: string;
  IsReseller: boolean;
  Features: readonly string[];
}

export interface Target {
  /** The object is the caller's own user or customer. */
  self?: boolean;
}

/** May this caller do `action` (on `target`, when the rule looks at it)? */
export function can(subject: Subject | null | undefined, action: Action, target?: Target): boolean {
  if (!subject) return false;
  const rule: Rule = PERMISSIONS[action];
  const cls = roleClass(subject.Role);
  if (!rule.roles.includes(cls)) return false;
  const admin = cls === 'Admin';
  switch (rule.reseller) {
    case 'required':
      if (!subject.IsReseller) return false;
      break;
    case 'unlessAdmin':
      if (!admin && !subject.IsReseller) return false;
      break;
    case 'notUnlessAdmin':
      if (!admin && subject.IsReseller) return false;
      break;
    case undefined:
      break;
  }
  if (rule.feature && !subject.Features.includes(rule.feature)) return false;
  if (rule.self === 'forbidden' && target?.self) return false;
  return true;
}

/** Route declaration: an action of the table, or reachable without signing in. */
export type RouteAccess = Action | 'public';
