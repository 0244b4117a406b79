import type { IdUse } from '@shared/api/ids';
import type { IdKind } from '@shared/api/ids';
import type { JsonSchema } from './operations';
import { idKindsOf } from './schema-values';

/** An id inside a JSON body: where it is, its kinds and use, and whether it is text. */
export interface BodyIdField {
  path: (string | number)[];
  kinds: IdKind[];
  use: IdUse;
  asText: boolean;
}

/** The property schemas of an object schema, across `anyOf` alternatives. */
function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  const merged: Record<string, JsonSchema> = { ...schema.properties };
  for (const alternative of schema.anyOf ?? []) {
    for (const [key, property] of Object.entries(propertiesOf(alternative))) {
      if (!Object.hasOwn(merged, key)) merged[key] = property;
    }
  }
  return merged;
}

/** The id fields (by the document's `x-id-kind`) present in a body, lists of ids included. */
export function bodyIdFields(body: unknown, schema: JsonSchema): BodyIdField[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const fields: BodyIdField[] = [];
  const properties = propertiesOf(schema);
  for (const [key, value] of Object.entries(body)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!property) continue;
    const target = property.type === 'array' && property.items ? property.items : property;
    const kinds = idKindsOf(target);
    if (!kinds.length) continue;
    const field = { kinds, use: target['x-id-use'] ?? 'object', asText: target.type === 'string' };
    if (Array.isArray(value)) value.forEach((_, i) => fields.push({ ...field, path: [key, i] }));
    else fields.push({ ...field, path: [key] });
  }
  return fields;
}

/** A copy of `body` with the value at `path` replaced. */
export function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  // A generated "valid" body of a union may be no object at all: the field then goes on a new one.
  const object = typeof body === 'object' && body !== null ? body : {};
  const copy = structuredClone(object) as Record<string | number, unknown>;
  let target: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  // Defined, not assigned: a key named `__proto__` must become an own field of the body.
  if (last !== undefined)
    Object.defineProperty(target, last, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}
