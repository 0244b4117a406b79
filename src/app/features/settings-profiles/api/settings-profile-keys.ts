import type { ListMode } from '@app/components/list/model';
import { settingsProfileKeys } from '@app/lib/lookups/settings-profiles';
import type { ProfileFilter } from '@app/features/settings-profiles/model/profile-list-url';

/**
 * Keys of the SettingsProfiles screen, under the profiles' root (lib/lookups), where the device
 * page keeps its profile select: a write invalidates `all` and both follow.
 */
export const profileKeys = {
  ...settingsProfileKeys,
  lists: () => [...settingsProfileKeys.all, 'list'] as const,
  /** One list per search mode: all, a customer's, a name search. */
  list: (mode: ListMode<ProfileFilter>) => [...profileKeys.lists(), mode] as const,
  one: (id: string) => [...settingsProfileKeys.all, 'one', id] as const,
  write: () => [...settingsProfileKeys.all, 'write'] as const,
};
