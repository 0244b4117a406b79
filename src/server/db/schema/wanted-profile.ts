/**
 * The settings profile a device's wanted configuration names, over the devices' own columns
 * (no table alias, as an index expression needs): the overlay's choice, else the applied one;
 * null for none. Lowercased (the generated columns are). db/wanted-config.ts uses it in queries.
 */
export const WANTED_PROFILE_SQL = `nullif(coalesce(overlay_profile_id, applied_profile_id), '')`;
