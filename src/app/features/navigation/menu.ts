import { can, type Action, type Subject } from '@shared/access/permissions';

/** Every path the menu can point at (spec 01 §2.2). */
export type MenuPath =
  | '/'
  | '/login'
  | '/logout'
  | '/account'
  | '/customers'
  | '/devices'
  | '/forwards'
  | '/endpoints'
  | '/settingsProfiles'
  | '/canprotocol'
  | '/firmware'
  | '/devicetest'
  | '/devicetests'
  | '/tachoobject'
  | '/tachodriver'
  | '/tachomassdownload'
  | '/tachodriverdownload'
  | '/overviewgraph'
  | '/tacho'
  | '/rawmessages'
  | '/features'
  | '/roles'
  | '/log';

export interface MenuLink {
  kind: 'link';
  label: string;
  to: MenuPath;
  /** What the user must be allowed (src/shared/access/permissions.ts) to see it; absent: anyone. */
  access?: Action;
  /** The top bar folds this link into a dropdown of this name (the drawer lists it flat). */
  barGroup?: string;
}

export interface MenuDropdown {
  kind: 'dropdown';
  label: string;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuDropdown;

const link = (label: string, to: MenuPath, access?: Action): MenuLink =>
  access ? { kind: 'link', label, to, access } : { kind: 'link', label, to };

/** The library screens share one dropdown in the top bar: eleven entries did not fit at 1024 px. */
export const LIBRARY_GROUP = 'Library';
const library = (label: string, to: MenuPath): MenuLink => ({
  ...link(label, to, 'screens.library'),
  barGroup: LIBRARY_GROUP,
});
const dropdown = (label: string, items: MenuLink[]): MenuDropdown => ({
  kind: 'dropdown',
  label,
  items,
});

/**
 * The whole menu of spec 01 §2.2 in its order, each entry naming its action; who sees what is
 * the permission table's answer, not a rule of its own here.
 */
const MENU: readonly MenuEntry[] = [
  link('Home', '/', 'session'),
  // "admins, resellers, other users": every signed-in user, viewers included.
  link('Customers', '/customers', 'session'),
  link('Devices', '/devices', 'session'),
  link('Forwards', '/forwards', 'session'),
  link('Endpoints', '/endpoints', 'screens.endpoints'),
  library('SettingsProfiles', '/settingsProfiles'),
  library('QTLibrary', '/canprotocol'),
  library('Firmware', '/firmware'),
  dropdown('Installation', [
    link('Run Test', '/devicetest', 'deviceTests.run'),
    link('Overview', '/devicetests', 'deviceTests.run'),
  ]),
  dropdown('Tacho', [
    link('Mass Overview', '/tachoobject', 'screens.tacho'),
    link('Driver Overview', '/tachodriver', 'screens.tacho'),
    // Beyond spec 01 §2.2's three items: the download lists and the state graph (spec 03 §2).
    link('MassMemory Downloads', '/tachomassdownload', 'screens.tacho'),
    link('DriverCard Downloads', '/tachodriverdownload', 'screens.tacho'),
    link('State Graph', '/overviewgraph', 'screens.tacho'),
    link('Auth Server', '/tacho', 'screens.authServers'),
  ]),
  dropdown('Admin', [
    link('Raw Messages', '/rawmessages', 'screens.admin'),
    link('Features', '/features', 'screens.admin'),
    link('Roles', '/roles', 'screens.admin'),
    link('Log', '/log', 'screens.admin'),
  ]),
  dropdown('Account', [
    link('Account', '/account', 'session'),
    link('Logout', '/logout', 'session'),
  ]),
];

/**
 * The main menu for a signed-in user (entries the table allows; a dropdown with none left goes),
 * or the Login link when `auth` is null. Pure, so the visibility is unit-tested without rendering.
 */
export function menuFor(auth: Subject | null): MenuEntry[] {
  if (!auth) return [link('Login', '/login')];
  const allowed = (entry: MenuLink) => can(auth, entry.access ?? 'session');
  return MENU.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'link') return allowed(entry) ? [entry] : [];
    const items = entry.items.filter(allowed);
    return items.length > 0 ? [{ ...entry, items }] : [];
  });
}

/** Top-level labels, in order: what the e2e tests read from `[data-menu]`. */
export const topLevelLabels = (entries: MenuEntry[]): string[] => entries.map((e) => e.label);

/**
 * The entries as the desktop top bar shows them: links that name a `barGroup` become one
 * dropdown in the place of the first of them, so the bar fits from 1024 px (decision 028).
 */
export function barEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  const groups = new Map<string, MenuDropdown>();
  return entries.flatMap((entry): MenuEntry[] => {
    if (entry.kind !== 'link' || entry.barGroup === undefined) return [entry];
    const group = groups.get(entry.barGroup);
    if (group) {
      group.items.push(entry);
      return [];
    }
    const created: MenuDropdown = { kind: 'dropdown', label: entry.barGroup, items: [entry] };
    groups.set(entry.barGroup, created);
    return [created];
  });
}
