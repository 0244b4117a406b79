import * as v from 'valibot';

/**
 * One schema per id kind, so every id a route takes has its column's range: an id PostgreSQL
 * cannot hold is a 400 here, never a database error. Each schema carries its kind and use as
 * metadata (`getIdMetadata`), which the OpenAPI document shows as `x-id-kind` / `x-id-use` and
 * the route tests read to find an object of that kind.
 */

import {
  BIGSERIAL_ID_PATTERN,
  MAX_BIGSERIAL_ID,
  MAX_SERIAL_ID,
  SERIAL_ID_PATTERN,
  UUID_PATTERN,
} from './id-limits';

export { MAX_BIGSERIAL_ID, MAX_SERIAL_ID, UUID_PATTERN };

/** Every id kind and its column type. A new kind needs a fixture in the authorization matrix. */
export const ID_KINDS = {
  device: 'serial',
  customer: 'serial',
  user: 'serial',
  configurationGroup: 'serial',
  forward: 'serial',
  deviceForward: 'serial',
  deviceTestSettings: 'serial',
  deviceTestResult: 'serial',
  role: 'serial',
  feature: 'serial',
  rtdIntegration: 'serial',
  modemRequest: 'bigserial',
  setting: 'bigserial',
  rawMessage: 'bigserial',
  endpoint: 'uuid',
  settingsProfile: 'uuid',
  logEntry: 'bigserial',
  authServer: 'serial',
  companyCard: 'serial',
  tachoFile: 'bigserial',
  canConfig: 'serial',
  firmware: 'serial',
  rollout: 'serial',
  customTestData: 'serial',
  deviceTestRun: 'uuid',
  imei: 'imei',
} as const;
export type IdKind = keyof typeof ID_KINDS;
export type IdColumn = (typeof ID_KINDS)[IdKind];
/** Kinds whose ids are uuids (text in paths and bodies, no numeric range). */
export type UuidIdKind = { [K in IdKind]: (typeof ID_KINDS)[K] extends 'uuid' ? K : never }[IdKind];
/** Kinds of rows with numeric ids (serial, bigserial). */
export type NumericIdKind = Exclude<IdKind, 'imei' | UuidIdKind>;
/** Kinds of rows of a table (not the IMEI, which names a device by its own text). */
export type RowIdKind = Exclude<IdKind, 'imei'>;

export const isUuidKind = (kind: IdKind): kind is UuidIdKind => ID_KINDS[kind] === 'uuid';

/**
 * What the id does in its request: `object` names an object to read or change (another
 * tenant's answers 404 like a missing one), `cursor` is a position in a list (any id in range
 * is fine), `echo` is only compared with another value or ignored, `shared` names an object no
 * tenant owns (roles, features, integration types): every caller may name any of them.
 */
export type IdUse = 'object' | 'cursor' | 'echo' | 'shared';

export interface IdMetadata {
  /** Several kinds when the request's other parts decide (`PUT devices/settings/{key}`). */
  idKind: IdKind | readonly IdKind[];
  idUse: IdUse;
}

/** The kinds an id may be of, as a list. */
export const idKindsOf = (metadata: IdMetadata): readonly IdKind[] =>
  typeof metadata.idKind === 'string' ? [metadata.idKind] : metadata.idKind;

const isIdKind = (value: unknown): value is IdKind =>
  typeof value === 'string' && Object.hasOwn(ID_KINDS, value);

/** The largest id the column of a numeric kind holds (uuid kinds have no such number). */
export const maxIdOf = (kind: NumericIdKind): number =>
  ID_KINDS[kind] === 'bigserial' ? MAX_BIGSERIAL_ID : MAX_SERIAL_ID;

const isIdMetadata = (value: unknown): value is IdMetadata =>
  typeof value === 'object' &&
  value !== null &&
  'idKind' in value &&
  (isIdKind(value.idKind) || (Array.isArray(value.idKind) && value.idKind.every(isIdKind)));

/** The id kind and use a schema was built with here, undefined for any other schema. */
export function getIdMetadata(schema: v.GenericSchema): IdMetadata | undefined {
  const pipe = 'pipe' in schema && Array.isArray(schema.pipe) ? (schema.pipe as unknown[]) : [];
  for (const item of pipe) {
    const metadata = (item as { type?: string; metadata?: unknown }).metadata;
    if ((item as { type?: string }).type === 'metadata' && isIdMetadata(metadata)) return metadata;
  }
  return undefined;
}

export const ID_MESSAGE = 'Must be a numeric id';
export const UUID_MESSAGE = 'Must be a UUID';
export const IMEI_MESSAGE = 'Must be an IMEI (digits only)';

/**
 * Exactly the column's ids as text, '1' … its largest, without leading zeros: the pattern alone is
 * the rule, so the OpenAPI document (which shows it) and the server agree on every id.
 */
const ID_TEXT = { serial: SERIAL_ID_PATTERN, bigserial: BIGSERIAL_ID_PATTERN } as const;

function numericIdParam(kind: NumericIdKind, use: IdUse, message: string) {
  return v.pipe(
    v.string(message),
    v.regex(ID_TEXT[ID_KINDS[kind]], message),
    v.transform(Number),
    v.metadata({ idKind: kind, idUse: use }),
  );
}

/** A uuid in canonical form, answered lowercased (as PostgreSQL prints it). */
export function uuidParam(kind: UuidIdKind, use: IdUse = 'object', message = UUID_MESSAGE) {
  return v.pipe(
    v.string(message),
    v.regex(UUID_PATTERN, message),
    v.transform((text) => text.toLowerCase()),
    v.metadata({ idKind: kind, idUse: use }),
  );
}

type NumericIdParam = ReturnType<typeof numericIdParam>;
type UuidIdParam = ReturnType<typeof uuidParam>;

/**
 * A path or query segment holding an id of `kind`: for numeric kinds '1' … the column's largest,
 * as a number; for uuid kinds a canonical uuid, lowercased.
 */
export function idParam(kind: NumericIdKind, use?: IdUse, message?: string): NumericIdParam;
export function idParam(kind: UuidIdKind, use?: IdUse, message?: string): UuidIdParam;
export function idParam(
  kind: RowIdKind,
  use?: IdUse,
  message?: string,
): NumericIdParam | UuidIdParam;
export function idParam(kind: RowIdKind, use: IdUse = 'object', message?: string) {
  return isUuidKind(kind)
    ? uuidParam(kind, use, message ?? UUID_MESSAGE)
    : numericIdParam(kind, use, message ?? ID_MESSAGE);
}

/** An id of `kind` in a JSON body: an integer 1 … the column's largest. */
export function idValue(kind: NumericIdKind, message: string, use: IdUse = 'object') {
  return v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(maxIdOf(kind), message),
    v.metadata({ idKind: kind, idUse: use }),
  );
}

/** A required id in a JSON body; a missing one reads as 0 so it gets the field's own message. */
export function idField(kind: NumericIdKind, message: string, use: IdUse = 'object') {
  return v.pipe(
    v.optional(v.number(message), 0),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(maxIdOf(kind), message),
    v.metadata({ idKind: kind, idUse: use }),
  );
}

/**
 * An IMEI, in a path or a body. Lenient on purpose (1–20 digits): devices identify themselves,
 * and an unknown IMEI is simply not found. A missing one reads as empty so it gets the message.
 */
export function imeiField(message = IMEI_MESSAGE, use: IdUse = 'object') {
  return v.pipe(
    v.optional(v.string(message), ''),
    v.trim(),
    v.regex(/^\d{1,20}$/, message),
    v.metadata({ idKind: 'imei', idUse: use }),
  );
}

/** `{ [name]: id }` path parameters of one id of `kind`. */
export function idParams<const TName extends string>(
  name: TName,
  kind: NumericIdKind,
  use?: IdUse,
): v.ObjectSchema<Record<TName, NumericIdParam>, undefined>;
export function idParams<const TName extends string>(
  name: TName,
  kind: UuidIdKind,
  use?: IdUse,
): v.ObjectSchema<Record<TName, UuidIdParam>, undefined>;
export function idParams<const TName extends string>(
  name: TName,
  kind: RowIdKind,
  use?: IdUse,
): v.ObjectSchema<Record<TName, NumericIdParam | UuidIdParam>, undefined>;
export function idParams<const TName extends string>(
  name: TName,
  kind: RowIdKind,
  use: IdUse = 'object',
) {
  return v.object({ [name]: idParam(kind, use) } as Record<TName, NumericIdParam | UuidIdParam>);
}
