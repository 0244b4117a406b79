/**
 * What other features use of the settings profiles: nothing yet. The device page's profile
 * select shares the profiles' root key through lib/lookups/settings-profiles, and the routes
 * reach the screens directly.
 */
export {};
