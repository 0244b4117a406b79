import fc from 'fast-check';
import * as v from 'valibot';
import { ID_KINDS, idParam, isUuidKind, maxIdOf, type IdKind } from '@shared/api/ids';
import type { IdPool } from './id-pool';
import type { JsonSchema } from './operations';

/** Generated text and lists stay short: the point is variety, the boundaries come separately. */
const MAX_GENERATED_LENGTH = 24;
const MAX_GENERATED_ITEMS = 4;

export const idKindsOf = (schema: JsonSchema): IdKind[] => {
  const kinds = schema['x-id-kind'];
  const list = kinds === undefined ? [] : typeof kinds === 'string' ? [kinds] : kinds;
  return list.filter((kind): kind is IdKind => Object.hasOwn(ID_KINDS, kind));
};

/**
 * The id a value in an id slot of `kind` names, read as the server reads ids: a JSON number as
 * it is, text as a path or query id (`idParam`: canonical digits, a canonical uuid; an IMEI
 * trimmed). Undefined for a value that names no object (the server refuses it).
 */
export function idNamed(kind: IdKind, value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  if (kind === 'imei') return value.trim();
  const parsed = v.safeParse(idParam(kind), value);
  return parsed.success ? String(parsed.output) : undefined;
}

/** Whether `value`, in a slot of the schema, names an object of `avoid` (`kind:id`). */
export function namesAvoided(schema: JsonSchema, value: unknown, avoid: ReadonlySet<string>) {
  if (!avoid.size) return false;
  return idKindsOf(schema).some((kind) => {
    const id = idNamed(kind, value);
    return id !== undefined && avoid.has(`${kind}:${id}`);
  });
}

/** An id of the kind: mostly a real one, sometimes any in the column's range. */
function idValue(kind: IdKind, pool: IdPool, asText: boolean): fc.Arbitrary<unknown> {
  const real = pool[kind];
  const any: fc.Arbitrary<number | string> =
    kind === 'imei'
      ? fc.stringMatching(/^\d{15}$/)
      : isUuidKind(kind)
        ? fc.uuid()
        : fc.integer({ min: 1, max: Math.min(maxIdOf(kind), Number.MAX_SAFE_INTEGER) });
  const allowed = any.filter((id) => !namesAvoided({ 'x-id-kind': kind }, id, pool.avoid));
  const chosen = real.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, allowed)
    : allowed;
  return asText ? chosen.map(String) : chosen;
}

/** Values the schema accepts (as far as a JSON schema can say), real ids for id fields. */
export function validValue(schema: JsonSchema, pool: IdPool, depth = 0): fc.Arbitrary<unknown> {
  const kinds = idKindsOf(schema);
  if (kinds.length) {
    const asText = schema.type === 'string';
    const ids = fc.oneof(...kinds.map((kind) => idValue(kind, pool, asText)));
    return schema.nullable ? fc.option(ids, { nil: null }) : ids;
  }
  const plain = plainValue(schema, pool, depth);
  return schema.nullable ? fc.option(plain, { nil: null }) : plain;
}

function plainValue(schema: JsonSchema, pool: IdPool, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => validValue(s, pool, depth)));
  const maxLength = Math.min(schema.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH);
  switch (schema.type) {
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const items = validValue(schema.items ?? {}, pool, depth + 1);
      const max = Math.max(minLength, Math.min(schema.maxItems ?? 4, MAX_GENERATED_ITEMS));
      return fc.array(items, { minLength, maxLength: max });
    }
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = (schema.required ?? []).filter((key) => key in properties);
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, s]) => [key, validValue(s, pool, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Values at and just past the schema's limits, and values of the wrong type; never one naming
 * an id of `avoid` (id 1 may be a demo sign-in account's customer, see sign-in-objects.ts).
 */
export function boundaryValues(schema: JsonSchema, avoid?: ReadonlySet<string>): unknown[] {
  const kinds = idKindsOf(schema);
  const values: unknown[] = [undefined, null, '', 0, -1, true, [], {}];
  for (const kind of kinds) {
    if (kind === 'imei') values.push('0', '9'.repeat(20), '9'.repeat(21), ' 1 ', '1'.repeat(15));
    else if (isUuidKind(kind)) {
      const uuid = '5f0c1b7e-3d2a-4c11-9a53-00000000000a';
      values.push(uuid, uuid.toUpperCase(), `{${uuid}}`, uuid.replace(/-/g, ''), `${uuid}0`);
      values.push(uuid.slice(1), '00000000-0000-0000-0000-000000000000', 'g'.repeat(36), 1);
    } else {
      const max = maxIdOf(kind);
      values.push(1, max, max + 1, 2 ** 32, 2 ** 53, 1e308, 1.5, '1', `${max}`, `${max + 1}`);
    }
  }
  if (schema.minimum !== undefined) values.push(schema.minimum, schema.minimum - 1);
  if (schema.maximum !== undefined) values.push(schema.maximum, schema.maximum + 1);
  if (schema.maxLength !== undefined) {
    values.push('a'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1));
  }
  if (schema.minLength !== undefined && schema.minLength > 0) {
    values.push('a'.repeat(schema.minLength - 1));
  }
  if (schema.maxItems !== undefined && schema.items) {
    values.push(Array.from({ length: schema.maxItems + 1 }, () => '1'));
  }
  if (schema.enum?.length)
    values.push(`${String(schema.enum[0])} `, String(schema.enum[0]).toLowerCase());
  if (!avoid?.size) return values;
  return values.filter((value) => !namesAvoided(schema, value, avoid));
}
