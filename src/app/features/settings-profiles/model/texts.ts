/** The screen's own words (spec 03 quotes the confirmation; the toasts follow its library ones). */
export const REMOVE_PROFILE_CONFIRM = 'Are you sure you want to remove this settings profile?';
export const KEEP_SETTINGS_CHOICE = 'Keep their current settings, no profile';
export const CREATE_TITLE = 'Create SettingsProfile';
export const NO_PROFILES = 'No settings profiles';

export const profileSaved = (name: string) => `Settings profile ${name} saved!`;
export const profileRemoved = (name: string) => `Settings profile ${name} removed!`;
export const devicesText = (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`;
