import { sql, type SQL } from 'drizzle-orm';
import { wantedProfileSql } from './schema/wanted-profile';

/**
 * The configuration the portal wants a device to have, over `devices` as `alias`: the applied
 * configuration with the overlay (pending and failed settings) laid over it (docs/decisions/045).
 * Written once here for every query that reads or matches it.
 */
const column = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/** The whole wanted configuration (jsonb). */
export const wantedConfig = (alias = 'd'): SQL =>
  sql`(${column(alias, 'current_config')} || ${column(alias, 'config_overlay')})`;

/** One wanted setting as text: the overlay's, else `applied` (a copy column) or the applied config's. */
export const wantedSetting = (alias: string, name: string, applied?: SQL): SQL =>
  sql`coalesce(${column(alias, 'config_overlay')} ->> ${name}, ${
    applied ?? sql`${column(alias, 'current_config')} ->> ${name}`
  })`;

/** The settings profile the wanted configuration names, lowercased; null for none. */
export const wantedProfile = (alias = 'd'): SQL => sql.raw(wantedProfileSql(`${alias}.`));

/** The endpoints the device uses, applied or wanted (text[]). */
export const endpointIdsOf = (alias = 'd'): SQL =>
  sql`(${column(alias, 'applied_endpoint_ids')} || ${column(alias, 'overlay_endpoint_ids')})`;

/** The wanted configuration of a devices row read whole (the same rule, in TypeScript). */
export const wantedConfigOfRow = (row: {
  currentConfig: Record<string, unknown>;
  configOverlay: Record<string, unknown>;
}): Record<string, unknown> => ({ ...row.currentConfig, ...row.configOverlay });
