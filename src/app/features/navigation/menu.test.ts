import { describe, expect, it } from 'vitest';
import type { Auth } from '@shared/access/auth';
import { ACTIONS } from '@shared/access/permissions';
import {
  barEntries,
  menuFor,
  topLevelLabels,
  type MenuDropdown,
  type MenuEntry,
  type MenuLink,
} from './menu';

type Caller = Pick<Auth, 'Role' | 'IsReseller' | 'Features'>;
const admin: Caller = { Role: 'Admin', IsReseller: false, Features: [] };
const reseller: Caller = { Role: 'User', IsReseller: true, Features: [] };
const user: Caller = { Role: 'User', IsReseller: false, Features: [] };
const viewer: Caller = { Role: 'Viewer', IsReseller: false, Features: [] };
const withTacho = (c: Caller): Caller => ({ ...c, Features: ['Tacho Download'] });

const dropdownOf = (entries: MenuEntry[], label: string): MenuDropdown | undefined =>
  entries.find((e): e is MenuDropdown => e.kind === 'dropdown' && e.label === label);

describe('menuFor (spec 01 §2.2)', () => {
  it('shows only the Login link when logged out', () => {
    expect(menuFor(null)).toEqual([{ kind: 'link', label: 'Login', to: '/login' }]);
  });

  it('gives admins every menu but Tacho (without the feature)', () => {
    expect(topLevelLabels(menuFor(admin))).toEqual([
      'Home',
      'Customers',
      'Devices',
      'Forwards',
      'Endpoints',
      'SettingsProfiles',
      'QTLibrary',
      'Firmware',
      'Installation',
      'Admin',
      'Account',
    ]);
  });

  it('gives resellers Customers, Devices, Forwards and Installation, not Endpoints', () => {
    expect(topLevelLabels(menuFor(reseller))).toEqual([
      'Home',
      'Customers',
      'Devices',
      'Forwards',
      'Installation',
      'Account',
    ]);
  });

  it('gives other users and viewers Customers, Devices, Forwards and Endpoints', () => {
    const expected = ['Home', 'Customers', 'Devices', 'Forwards', 'Endpoints', 'Account'];
    expect(topLevelLabels(menuFor(user))).toEqual(expected);
    expect(topLevelLabels(menuFor(viewer))).toEqual(expected);
  });

  it('adds the Tacho dropdown for the Tacho Download feature; Auth Server for admins only', () => {
    const userTacho = dropdownOf(menuFor(withTacho(user)), 'Tacho');
    expect(userTacho?.items.map((i) => [i.label, i.to])).toEqual([
      ['Mass Overview', '/tachoobject'],
      ['Driver Overview', '/tachodriver'],
      ['MassMemory Downloads', '/tachomassdownload'],
      ['DriverCard Downloads', '/tachodriverdownload'],
      ['State Graph', '/overviewgraph'],
    ]);
    const viewerTacho = dropdownOf(menuFor(withTacho(viewer)), 'Tacho');
    expect(viewerTacho?.items.map((i) => i.label)).toEqual(userTacho?.items.map((i) => i.label));
    const adminTacho = dropdownOf(menuFor(withTacho(admin)), 'Tacho');
    expect(adminTacho?.items.map((i) => i.label)).toEqual([
      'Mass Overview',
      'Driver Overview',
      'MassMemory Downloads',
      'DriverCard Downloads',
      'State Graph',
      'Auth Server',
    ]);
  });

  it('fills the dropdowns with the spec labels and routes', () => {
    const entries = menuFor(admin);
    expect(dropdownOf(entries, 'Installation')?.items.map((i) => [i.label, i.to])).toEqual([
      ['Run Test', '/devicetest'],
      ['Overview', '/devicetests'],
    ]);
    expect(dropdownOf(entries, 'Admin')?.items.map((i) => [i.label, i.to])).toEqual([
      ['Raw Messages', '/rawmessages'],
      ['Features', '/features'],
      ['Roles', '/roles'],
      ['Log', '/log'],
    ]);
    expect(dropdownOf(entries, 'Account')?.items.map((i) => [i.label, i.to])).toEqual([
      ['Account', '/account'],
      ['Logout', '/logout'],
    ]);
    expect(entries.find((e) => e.label === 'QTLibrary')).toMatchObject({ to: '/canprotocol' });
  });

  it('treats a reseller admin as an admin', () => {
    expect(topLevelLabels(menuFor({ ...admin, IsReseller: true }))).toContain('Endpoints');
  });

  it('follows the permission table: a viewer who is a reseller runs no installation tests', () => {
    const viewerReseller: Caller = { ...viewer, IsReseller: true };
    expect(topLevelLabels(menuFor(viewerReseller))).toEqual([
      'Home',
      'Customers',
      'Devices',
      'Forwards',
      'Account',
    ]);
  });

  it('names an action of the table on every entry a signed-in user can see', () => {
    const links = menuFor(withTacho(admin)).flatMap((e): MenuLink[] =>
      e.kind === 'link' ? [e] : e.items,
    );
    expect(links).toHaveLength(22);
    for (const entry of links) expect(ACTIONS).toContain(entry.access);
  });
});

describe('barEntries (the desktop top bar)', () => {
  it('folds the library screens into one Library dropdown where the first of them stood', () => {
    const bar = barEntries(menuFor(admin));
    expect(topLevelLabels(bar)).toEqual([
      'Home',
      'Customers',
      'Devices',
      'Forwards',
      'Endpoints',
      'Library',
      'Installation',
      'Admin',
      'Account',
    ]);
    expect(dropdownOf(bar, 'Library')?.items.map((i) => [i.label, i.to])).toEqual([
      ['SettingsProfiles', '/settingsProfiles'],
      ['QTLibrary', '/canprotocol'],
      ['Firmware', '/firmware'],
    ]);
  });

  it('leaves a menu without library screens as it is, and the menu itself untouched', () => {
    const entries = menuFor(withTacho(user));
    expect(barEntries(entries)).toEqual(entries);
    const adminMenu = menuFor(admin);
    barEntries(adminMenu);
    expect(topLevelLabels(adminMenu)).toContain('SettingsProfiles');
  });
});
