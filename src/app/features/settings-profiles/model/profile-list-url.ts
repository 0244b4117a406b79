import { listUrlSearch } from '@app/components/list/model';

/** Spec 03 "Settings Profiles": the server searches Name (plus the customer filter). */
export const PROFILE_FILTERS = ['Name'] as const;
export type ProfileFilter = (typeof PROFILE_FILTERS)[number];

/** The search of /settingsProfiles in its URL (`?q=long&customer=3`), kept across a visit. */
export const profileListUrl = listUrlSearch(PROFILE_FILTERS);
