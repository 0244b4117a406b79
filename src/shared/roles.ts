/** Role names as the API reports them in `Auth.Role`. */
export const ROLES = ['Admin', 'User', 'Viewer'] as const;
export type RoleName = (typeof ROLES)[number];

/** The feature that unlocks the Tacho menu (spec 01 §2.2). */
export const FEATURE_TACHO_DOWNLOAD = 'Tacho Download';

export const isAdminRole = (role: string): boolean => role === 'Admin';
export const isViewerRole = (role: string): boolean => role === 'Viewer';
