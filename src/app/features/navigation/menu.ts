import type { Auth } from '../../../shared/auth';
import { FEATURE_TACHO_DOWNLOAD, isAdminRole } from '../../../shared/roles';

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
  | '/tacho'
  | '/rawmessages'
  | '/features'
  | '/roles'
  | '/log';

export interface MenuLink {
  kind: 'link';
  label: string;
  to: MenuPath;
}

export interface MenuDropdown {
  kind: 'dropdown';
  label: string;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuDropdown;

type Caller = Pick<Auth, 'Role' | 'IsReseller' | 'Features'>;

const link = (label: string, to: MenuPath): MenuLink => ({ kind: 'link', label, to });
const dropdown = (label: string, items: MenuLink[]): MenuDropdown => ({
  kind: 'dropdown',
  label,
  items,
});

/**
 * The main menu of spec 01 §2.2 for a signed-in user, or the Login link when `auth` is null.
 * Pure, so the visibility rules are unit-tested without rendering.
 */
export function menuFor(auth: Caller | null): MenuEntry[] {
  if (!auth) return [link('Login', '/login')];

  const admin = isAdminRole(auth.Role);
  const reseller = auth.IsReseller;
  const tacho = auth.Features.includes(FEATURE_TACHO_DOWNLOAD);

  const entries: MenuEntry[] = [
    link('Home', '/'),
    // "admins, resellers, other users": every signed-in user, viewers included.
    link('Customers', '/customers'),
    link('Devices', '/devices'),
    link('Forwards', '/forwards'),
  ];
  if (admin || !reseller) entries.push(link('Endpoints', '/endpoints'));
  if (admin) {
    entries.push(
      link('SettingsProfiles', '/settingsProfiles'),
      link('QTLibrary', '/canprotocol'),
      link('Firmware', '/firmware'),
    );
  }
  if (admin || reseller) {
    entries.push(
      dropdown('Installation', [link('Run Test', '/devicetest'), link('Overview', '/devicetests')]),
    );
  }
  if (tacho) {
    const items = [link('Mass Overview', '/tachoobject'), link('Driver Overview', '/tachodriver')];
    if (admin) items.push(link('Auth Server', '/tacho'));
    entries.push(dropdown('Tacho', items));
  }
  if (admin) {
    entries.push(
      dropdown('Admin', [
        link('Raw Messages', '/rawmessages'),
        link('Features', '/features'),
        link('Roles', '/roles'),
        link('Log', '/log'),
      ]),
    );
  }
  entries.push(dropdown('Account', [link('Account', '/account'), link('Logout', '/logout')]));
  return entries;
}

/** Top-level labels, in order: what the e2e tests read from `[data-menu]`. */
export const topLevelLabels = (entries: MenuEntry[]): string[] => entries.map((e) => e.label);
