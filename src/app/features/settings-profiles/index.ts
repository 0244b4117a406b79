/**
 * What other features use of the settings profiles (import it from here, not its files): the
 * keys of its lists, under the profiles' root that the device page's select shares.
 */
export { profileKeys } from './api/settings-profile-keys';
