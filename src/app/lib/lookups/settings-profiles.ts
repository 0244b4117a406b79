/**
 * Settings profiles, one root key: the device page's profile select (a lookup) and the
 * SettingsProfiles screen's lists live under it (features/settings-profiles), so a saved or
 * removed profile refreshes every select that offers it.
 */
export const settingsProfileKeys = {
  all: ['settingsProfiles'] as const,
  /** `GET settingsProfiles/customer/{id}` (shared and the customer's), or all the caller's. */
  lookup: (customerId: number | null) =>
    [...settingsProfileKeys.all, 'lookup', customerId ?? 'all'] as const,
};
