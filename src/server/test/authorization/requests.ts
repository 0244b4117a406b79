import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { isUuidKind, maxIdOf, type IdKind } from '@shared/api/ids';
import { bodyIdFields, withValueAt } from '@server/test/fuzz/body-ids';
import type { JsonSchema, Operation } from '@server/test/fuzz/operations';
import { idKindsOf } from '@server/test/fuzz/schema-values';
import type { IdFixture } from './id-fixtures';

/** Where a request names an object by id: a path or query parameter, or a body field. */
export interface IdSlot {
  in: 'path' | 'query' | 'body';
  /** The parameter's name, or the field's path in the body. */
  path: (string | number)[];
  kinds: IdKind[];
  asText: boolean;
}

export const slotName = (slot: IdSlot): string => `${slot.in} ${slot.path.join('.')}`;

/** Ids that name an object (not cursors, not values only compared), in path and body. */
export function objectIdSlots(op: Operation): IdSlot[] {
  const names = (part: 'path' | 'query', params: Operation['query']): IdSlot[] =>
    params
      .filter((p) => idKindsOf(p.schema).length && p.schema['x-id-use'] === 'object')
      .map((p) => ({ in: part, path: [p.name], kinds: idKindsOf(p.schema), asText: true }));
  const slots = [...names('path', op.pathParams), ...names('query', op.query)];
  const seen = new Set<string>();
  for (const example of op.examples) {
    for (const field of bodyIdFields(example, op.body ?? {})) {
      const key = field.path.join('.');
      if (field.use !== 'object' || seen.has(key)) continue;
      seen.add(key);
      slots.push({ in: 'body', path: field.path, kinds: field.kinds, asText: field.asText });
    }
  }
  return slots;
}

/** A value the parameter's schema accepts, the same every time (filter names, search text). */
function plainValue(schema: JsonSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.pattern)
    return (
      fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 1, numRuns: 1 })[0] ?? '1'
    );
  return 'a';
}

export type Fixtures = Record<IdKind, IdFixture>;

/** A uuid no object has: random ones are version 4, this one is all f. */
export const MISSING_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** An id of the kind that no object has (the largest the column holds, or an unused IMEI). */
export const missingId = (kind: IdKind): string =>
  kind === 'imei' ? '999999999999999' : isUuidKind(kind) ? MISSING_UUID : String(maxIdOf(kind));

/**
 * The request an operation gets with the caller's own objects in every id slot (the body from
 * `example`), except `slot`, which gets `value`.
 */
export function requestWith(
  op: Operation,
  fixtures: Fixtures,
  example: unknown,
  slot: IdSlot,
  kind: IdKind,
  value: string,
): InjectOptions {
  const own = (kinds: IdKind[], asText: boolean) => {
    const id = fixtures[kinds[0] ?? kind].own;
    return asText ? id : Number(id);
  };
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (slot.in === 'path' && slot.path[0] === name) return encodeURIComponent(value);
    const param = op.pathParams.find((p) => p.name === name);
    const kinds = idKindsOf(param?.schema ?? {});
    return encodeURIComponent(
      kinds.length ? String(own(kinds, true)) : plainValue(param?.schema ?? {}),
    );
  });
  const query = op.query
    .map((p): [string, string] | undefined => {
      if (slot.in === 'query' && slot.path[0] === p.name) return [p.name, value];
      const kinds = idKindsOf(p.schema);
      if (kinds.length && p.schema['x-id-use'] === 'object')
        return [p.name, String(own(kinds, true))];
      // A required parameter that names nothing (the rtddata lists' `type`) gets a valid value.
      return p.required && !kinds.length ? [p.name, plainValue(p.schema)] : undefined;
    })
    .filter((pair) => pair !== undefined)
    .map(([name, v]) => `${name}=${encodeURIComponent(v)}`)
    .join('&');
  let body = example;
  if (op.body && example !== undefined) {
    for (const field of bodyIdFields(example, op.body)) {
      body = withValueAt(body, field.path, own(field.kinds, field.asText));
    }
    if (slot.in === 'body')
      body = withValueAt(body, slot.path, slot.asText ? value : Number(value));
  }
  return {
    method: op.method,
    url: query ? `${url}?${query}` : url,
    ...(body === undefined
      ? {}
      : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  };
}
