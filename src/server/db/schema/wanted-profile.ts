/**
 * The settings profile a device's wanted configuration names: the overlay's choice, else the
 * applied one; null for none. Lowercased (the generated columns are). `prefix` qualifies the
 * columns (`d.`); the index expression has none. db/wanted-config.ts uses it in queries.
 */
export const wantedProfileSql = (prefix = ''): string =>
  `nullif(coalesce(${prefix}overlay_profile_id, ${prefix}applied_profile_id), '')`;
