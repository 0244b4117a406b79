/** The role and feature names the permission table needs, without the roles' schemas. */

/**
 * The built-in roles. Any other role is a custom one, allowed like User (permissions.ts
 * `roleClass`); `Auth.Role` and the users list name the role as it is called.
 */
export const ROLES = ['Admin', 'User', 'Viewer'] as const;
export type RoleName = (typeof ROLES)[number];

export const isBuiltInRole = (name: string): boolean => (ROLES as readonly string[]).includes(name);

/** The feature that unlocks the Tacho menu (spec 01 §2.2). */
export const FEATURE_TACHO_DOWNLOAD = 'Tacho Download';

export const isAdminRole = (role: string): boolean => role === 'Admin';
export const isViewerRole = (role: string): boolean => role === 'Viewer';
