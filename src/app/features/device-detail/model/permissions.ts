import type { Auth } from '@shared/access/auth';
import { can } from '@shared/access/permissions';
import { useSession } from '@app/lib/use-session';

/** What the signed-in user may do on a device page, as the permission table says. */
export interface DevicePermissions {
  /** Admin-only details: the endpoint URLs in the endpoint selects (spec 01 §6). */
  admin: boolean;
  /** The 'Customer history' tab (admins, spec 01 §6). */
  customerHistory: boolean;
  /** Issuing a device-link credential (admins). */
  credential: boolean;
  /** Viewers are read-only: no request, save, edit or delete controls (spec 01 §6). */
  canWrite: boolean;
  /** Customer and configuration group: admins and resellers (spec 01 §5, decision 011). */
  canAssign: boolean;
  /** The tachograph facts (the 'Tacho Download' feature, issue 12 item 7). */
  tacho: boolean;
  /** Their 'Request download' button (writers with the feature). */
  tachoRequest: boolean;
}

export function devicePermissions(auth: Auth | undefined): DevicePermissions {
  return {
    admin: can(auth, 'screens.admin'),
    customerHistory: can(auth, 'devices.customerHistory'),
    credential: can(auth, 'devices.credential'),
    canWrite: can(auth, 'devices.write'),
    canAssign: can(auth, 'devices.assign'),
    tacho: can(auth, 'screens.tacho'),
    tachoRequest: can(auth, 'tacho.request'),
  };
}

export const useDevicePermissions = (): DevicePermissions => devicePermissions(useSession()?.auth);
