import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { SettingsProfile } from '@shared/settings-profiles/settings-profiles';
import type { ListMode } from '@app/components/list/model';
import type { SearchedListSource } from '@app/components/list';
import { api } from '@app/lib/api-client';
import {
  PROFILE_FILTERS,
  type ProfileFilter,
} from '@app/features/settings-profiles/model/profile-list-url';
import { profileKeys } from './settings-profile-keys';

const listOptions = (mode: ListMode<ProfileFilter>, path: string) =>
  // The key's mode stands for its path (all, a customer's, a name search).
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: profileKeys.list(mode),
    queryFn: ({ signal }) => api.get<SettingsProfile[]>(path, { signal }),
  });

/** `GET settingsProfiles/`: the shared profiles and the caller's, with their Devices. */
export const settingsProfilesQueryOptions = () =>
  listOptions({ kind: 'all' }, apiPaths.settingsProfiles);

/** `GET settingsProfiles/customer/{id}`: the shared profiles and the customer's. */
export const customerSettingsProfilesQueryOptions = (customerId: number) =>
  listOptions({ kind: 'customer', customerId }, apiPaths.settingsProfilesOfCustomer(customerId));

/** `GET settingsProfiles/name/{text}[/{customerId}]`: Name contains the text, any case. */
export const settingsProfilesByNameQueryOptions = (text: string, customerId: number | null) =>
  listOptions(
    { kind: 'search', filter: 'Name', text, customerId },
    apiPaths.settingsProfilesByName(text, customerId ?? undefined),
  );

/** `GET settingsProfiles/{id}`: one profile, for the wizard's edit. */
export const settingsProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: profileKeys.one(id),
    queryFn: ({ signal }) => api.get<SettingsProfile>(apiPaths.settingsProfile(id), { signal }),
  });

/** The list screen's rows: the search in effect picks one of the three list calls. */
export const profileListSource: SearchedListSource<
  SettingsProfile,
  ProfileFilter,
  ReturnType<typeof profileKeys.list>
> = {
  key: profileKeys.lists(),
  filters: PROFILE_FILTERS,
  options: (mode) => {
    switch (mode.kind) {
      case 'all':
        return settingsProfilesQueryOptions();
      case 'customer':
        return customerSettingsProfilesQueryOptions(mode.customerId);
      case 'search':
        return settingsProfilesByNameQueryOptions(mode.text, mode.customerId);
    }
  },
};
