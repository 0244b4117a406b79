import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { isValibotSchema } from './valibot-provider';

/** A JSON schema as the OpenAPI document carries it. */
export type JsonSchema = Record<string, unknown>;

/**
 * The shared schemas write a required field as `v.optional(x, '')` so a missing field gets the
 * field's own message; the converter then calls every such field optional. A field is required
 * exactly when the server refuses the request without it, so that is what decides here, and the
 * default it would refuse is not shown either.
 */
const overrideSchema: ConversionConfig['overrideSchema'] = ({ valibotSchema, jsonSchema }) => {
  if (!('entries' in valibotSchema) || typeof jsonSchema.properties !== 'object') return undefined;
  const entries = valibotSchema.entries as Record<string, v.GenericSchema>;
  const properties = { ...(jsonSchema.properties as Record<string, JsonSchema>) };
  const required: string[] = [];
  for (const [key, entry] of Object.entries(entries)) {
    if (v.safeParse(entry, undefined).success) continue;
    required.push(key);
    // The default it would refuse is no default.
    properties[key] = Object.fromEntries(
      Object.entries(properties[key] ?? {}).filter(([name]) => name !== 'default'),
    );
  }
  return { ...jsonSchema, properties, required };
};

/**
 * Id metadata (src/shared/api/ids.ts) becomes the extension keywords `x-id-kind` / `x-id-use`, and
 * `alternatives` (a body that takes one of several shapes) becomes `anyOf` of their schemas.
 */
const overrideAction: ConversionConfig['overrideAction'] = ({ valibotAction, jsonSchema }) => {
  if (valibotAction.type !== 'metadata') return undefined;
  const { idKind, idUse, alternatives, ...rest } = jsonSchema as JsonSchema;
  if (idKind === undefined && alternatives === undefined) return undefined;
  const converted: JsonSchema = { ...rest };
  if (idKind !== undefined) Object.assign(converted, { 'x-id-kind': idKind, 'x-id-use': idUse });
  if (Array.isArray(alternatives)) {
    delete converted.type;
    delete converted.properties;
    delete converted.required;
    converted.anyOf = alternatives.map(toJson);
  }
  return converted;
};

/** A route's valibot schema as JSON schema for the document; anything else as it is. */
export const toJson = (schema: unknown): unknown =>
  isValibotSchema(schema)
    ? toJsonSchema(schema, { errorMode: 'ignore', overrideSchema, overrideAction })
    : schema;
