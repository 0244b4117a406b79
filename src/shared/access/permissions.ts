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
}

const ALL: readonly RoleClass[] = ['Admin', 'User', 'Viewer'];
const WRITERS: readonly RoleClass[] = ['Admin', 'User'];
const ADMIN: readonly RoleClass[] = ['Admin'];

export const PERMISSIONS = {
  // Signed in, nothing more: the own account, the dashboard, lists and lookups.
  session: { roles: ALL },
  'dashboard.read': { roles: ALL },
  'dashboard.quality': { roles: ADMIN },
  'lookups.read': { roles: ALL },

  'devices.read': { roles: ALL },
  'devices.write': { roles: WRITERS },
  'devices.assign': {
    roles: WRITERS,
    reseller: 'unlessAdmin',
  },
  'devices.select': {
    roles: WRITERS,
    reseller: 'required',
  },
  'devices.customerHistory': { roles: ADMIN },
  'devices.credential': { roles: ADMIN },

  'deviceTests.run': {
    roles: WRITERS,
    reseller: 'unlessAdmin',
  },
  // The API of the installation test is open to every user but Viewers (tenancy on top, and a
  // customer or group change still needs devices.assign): docs/installation-test.md.
  'deviceTests.write': { roles: WRITERS },

  'customers.read': { roles: ALL },
  'customers.create': {
    roles: WRITERS,
    reseller: 'unlessAdmin',
  },
  'customers.update': { roles: WRITERS },
  'customers.delete': {
    roles: WRITERS,
    reseller: 'unlessAdmin',
    self: 'forbidden',
  },
  'customers.resellers': { roles: ADMIN },

  'endpoints.read': { roles: ALL },
  'endpoints.write': {
    roles: WRITERS,
    reseller: 'notUnlessAdmin',
  },
  'endpoints.shared': { roles: ADMIN },
  // Settings profiles: reads are lookups (the device page's select); changes re-target devices.
  'settingsProfiles.write': { roles: ADMIN },

  'users.read': { roles: ALL },
  'users.create': { roles: WRITERS },
  'users.update': { roles: WRITERS },
  'users.delete': {
    roles: WRITERS,
    self: 'forbidden',
  },
  'users.grantAdmin': { roles: ADMIN },
  'account.update': { roles: WRITERS },

  'roles.list': { roles: ALL },
  'roles.manage': { roles: ADMIN },
  'features.list': { roles: ALL },
  'features.grantAny': { roles: ADMIN },
  'features.manage': { roles: ADMIN },

  'forwards.read': { roles: ALL },
  'forwards.write': { roles: WRITERS },
  'log.read': { roles: ADMIN },
  // QTLibrary and firmware: the files devices load, and mass updates of whole fleets.
  'libraries.manage': { roles: ADMIN },
  'rawMessages.read': { roles: ADMIN },
  // Custom test data (/CustomTestDataPage): files per customer, read in the caller's tree,
  // uploaded and removed by admins.
  'customTestData.read': { roles: ALL },
  'customTestData.manage': { roles: ADMIN },

  'tacho.read': {
    roles: ALL,
    feature: FEATURE_TACHO_DOWNLOAD,
  },
  'tacho.request': {
    roles: WRITERS,
    feature: FEATURE_TACHO_DOWNLOAD,
  },
  'authServers.read': {
    roles: ALL,
    feature: FEATURE_TACHO_DOWNLOAD,
  },
  'authServers.write': {
    roles: ADMIN,
    feature: FEATURE_TACHO_DOWNLOAD,
  },
  'companyCards.read': {
    roles: ALL,
    feature: FEATURE_TACHO_DOWNLOAD,
  },
  'companyCards.write': {
    roles: WRITERS,
    feature: FEATURE_TACHO_DOWNLOAD,
  },
  'companyCards.manage': {
    roles: ADMIN,
    feature: FEATURE_TACHO_DOWNLOAD,
  },

  // Screens and menu entries (spec 01 §2.2).
  'screens.endpoints': {
    roles: ALL,
    reseller: 'notUnlessAdmin',
  },
  'screens.library': { roles: ADMIN },
  'screens.tacho': {
    roles: ALL,
    feature: FEATURE_TACHO_DOWNLOAD,
  },
  'screens.authServers': {
    roles: ADMIN,
    feature: FEATURE_TACHO_DOWNLOAD,
  },
  'screens.admin': { roles: ADMIN },
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
