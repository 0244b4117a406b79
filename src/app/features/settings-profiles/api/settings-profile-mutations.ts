import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import {
  KEEP_SETTINGS,
  type SettingsProfile,
  type SettingsProfileBody,
  type SettingsProfilePreview,
} from '@shared/settings-profiles/settings-profiles';
import { api } from '@app/lib/api-client';
import { profileRemoved, profileSaved } from '@app/features/settings-profiles/model/texts';
import { profileKeys } from './settings-profile-keys';

/** The body formToBody makes: the profile plus message{n}Protocol (spec 03 §7). */
export type ProfileBody = SettingsProfileBody & Record<`message${0 | 1 | 2}Protocol`, number>;

/**
 * Every list (its Devices too) and the device page's profile select load again; the saved
 * profile is known at once.
 */
function profileChanged(client: QueryClient, saved: SettingsProfile) {
  client.setQueryData(profileKeys.one(saved.Id), saved);
  return client.invalidateQueries({ queryKey: profileKeys.all });
}

/** `POST settingsProfiles/`: a new profile. */
export const createProfileMutationOptions = () =>
  mutationOptions({
    mutationKey: profileKeys.write(),
    mutationFn: (body: ProfileBody) => api.post<SettingsProfile>(apiPaths.settingsProfiles, body),
    onSuccess: (saved, _body, _result, { client }) => {
      toast.success(profileSaved(saved.Name));
      return profileChanged(client, saved);
    },
  });

export interface ProfileUpdate {
  id: string;
  body: ProfileBody;
}

/** `POST settingsProfiles/{id}/preview`: what saving would do to the devices; changes nothing. */
export const previewProfileMutationOptions = () =>
  mutationOptions({
    mutationFn: ({ id, body }: ProfileUpdate) =>
      api.post<SettingsProfilePreview>(apiPaths.settingsProfilePreview(id), body),
  });

/** `POST settingsProfiles/{id}`: saves the profile and re-targets every device using it. */
export const updateProfileMutationOptions = () =>
  mutationOptions({
    mutationKey: profileKeys.write(),
    mutationFn: ({ id, body }: ProfileUpdate) =>
      api.post<SettingsProfile>(apiPaths.settingsProfile(id), body),
    onSuccess: (saved, _update, _result, { client }) => {
      toast.success(profileSaved(saved.Name));
      return profileChanged(client, saved);
    },
  });

export interface ProfileRemoval {
  profile: SettingsProfile;
  /** Its devices keep their settings and get no profile (needed while devices use it). */
  keepSettings: boolean;
}

/**
 * `DELETE settingsProfiles/{id}[?devices=keepSettings]`. Not toasted by the api client: a 400
 * `{ devices }` (the profile came into use meanwhile) turns into the question about its devices.
 */
export const removeProfileMutationOptions = () =>
  mutationOptions({
    mutationKey: profileKeys.write(),
    mutationFn: ({ profile, keepSettings }: ProfileRemoval) =>
      api.delete<SettingsProfile>(
        `${apiPaths.settingsProfile(profile.Id)}${keepSettings ? `?devices=${KEEP_SETTINGS}` : ''}`,
        { notify: false },
      ),
    onSuccess: (removed, _removal, _result, { client }) => {
      toast.success(profileRemoved(removed.Name));
      client.removeQueries({ queryKey: profileKeys.one(removed.Id) });
      return client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
