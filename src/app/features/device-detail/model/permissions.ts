import type { Auth } from '../../../../shared/auth';
import { isAdminRole, isViewerRole } from '../../../../shared/roles';
import { useSession } from '../../../lib/use-session';

export interface DevicePermissions {
  admin: boolean;
  /** Viewers are read-only: no request, save, edit or delete controls (spec 01 §6). */
  canWrite: boolean;
  /** Customer and configuration group: resellers only (spec 01 §5). */
  canAssign: boolean;
}

export function devicePermissions(auth: Auth | undefined): DevicePermissions {
  const viewer = !auth || isViewerRole(auth.Role);
  return {
    admin: isAdminRole(auth?.Role ?? ''),
    canWrite: !viewer,
    canAssign: !viewer && auth.IsReseller,
  };
}

export const useDevicePermissions = (): DevicePermissions => devicePermissions(useSession()?.auth);
