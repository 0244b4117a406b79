import fc from 'fast-check';
import { bodyIdFields, withValueAt } from './body-ids';
import {
  FORGED_AUTHORIZATIONS,
  HOSTILE_RAW_BODIES,
  hostileJson,
  hostileText,
  ODD_CONTENT_TYPES,
  oddHeaders,
} from './hostile-values';
import type { IdPool } from './id-pool';
import type { JsonSchema, Operation, Parameter } from './operations';
import { boundaryValues, validValue } from './schema-values';
import { namesSignInObject } from './sign-in-objects';

export const IDENTITIES = ['admin', 'reseller', 'user', 'viewer', 'anonymous', 'forged'] as const;
export type Identity = (typeof IDENTITIES)[number];
export type Variant = 'valid' | 'boundary' | 'hostile';

export type FuzzBody =
  { json: unknown; contentType?: string } | { raw: string; contentType?: string };

/** One generated request for an operation, before it is addressed and signed. */
export interface FuzzCase {
  identity: Identity;
  variant: Variant;
  path: Record<string, string>;
  /** Path values sent as they are (`%00`, `..`), not percent-encoded. */
  rawPath: boolean;
  query: [string, string][];
  headers: Record<string, string>;
  body?: FuzzBody;
  forgedAuthorization?: string;
}

const RAW_SEGMENTS = ['%00', '%', '%zz', '%ED%A0%80', '..', '%2e%2e', '%2F', '.', '%C0%AF'];
const QUERY_KEYS = ['__proto__', 'constructor', 'toString', 'after[]', 'a[b]', '', 'after'];

/** JSON text of any value (`undefined` has none). */
export const jsonText = (value: unknown): string =>
  value === undefined ? '' : JSON.stringify(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : jsonText(value));

const validParams = (params: Parameter[], pool: IdPool) =>
  fc.tuple(...params.map((p) => validValue(p.schema, pool).map(text)));

/** Path values: valid ones with one at a boundary, hostile text, or raw segments. */
function pathValues(op: Operation, variant: Variant, pool: IdPool) {
  const names = op.pathParams.map((p) => p.name);
  const valid = validParams(op.pathParams, pool);
  const toRecord = (values: string[]) =>
    Object.fromEntries(names.map((n, i) => [n, values[i] ?? '']));
  if (!names.length || variant === 'valid')
    return valid.map((v) => ({ values: toRecord(v), raw: false }));
  const index = fc.nat({ max: names.length - 1 });
  if (variant === 'boundary') {
    return fc.tuple(valid, index, fc.nat()).map(([values, i, pick]) => {
      const options = boundaryValues(op.pathParams[i]?.schema ?? {}, pool.avoid).filter(
        (x) => x !== undefined,
      );
      const copy = [...values];
      copy[i] = text(options[pick % options.length]);
      return { values: toRecord(copy), raw: false };
    });
  }
  return fc.oneof(
    fc.tuple(valid, index, hostileText()).map(([values, i, bad]) => {
      const copy = [...values];
      copy[i] = bad;
      return { values: toRecord(copy), raw: false };
    }),
    fc.tuple(valid, index, fc.constantFrom(...RAW_SEGMENTS)).map(([values, i, bad]) => {
      const copy = values.map((v) => encodeURIComponent(v));
      copy[i] = bad;
      return { values: toRecord(copy), raw: true };
    }),
  );
}

function queryPairs(
  op: Operation,
  variant: Variant,
  pool: IdPool,
): fc.Arbitrary<[string, string][]> {
  const valid = fc
    .tuple(
      ...op.query.map((p) => {
        const pair = validValue(p.schema, pool).map((v) => [p.name, text(v)] as [string, string]);
        return p.required ? pair : fc.option(pair, { nil: undefined });
      }),
    )
    .map((pairs) => pairs.filter((p): p is [string, string] => p !== undefined));
  if (variant === 'valid') return valid;
  if (variant === 'boundary' && op.query.length) {
    return fc.tuple(valid, fc.constantFrom(...op.query), fc.nat()).map(([pairs, p, pick]) => {
      const options = boundaryValues(p.schema, pool.avoid).filter((x) => x !== undefined);
      return [
        ...pairs.filter(([k]) => k !== p.name),
        [p.name, text(options[pick % options.length])],
      ];
    });
  }
  const extra = fc.array(
    fc.tuple(fc.constantFrom(...QUERY_KEYS, ...op.query.map((p) => p.name)), hostileText()),
    {
      minLength: 1,
      maxLength: 3,
    },
  );
  return fc.tuple(valid, extra).map(([pairs, more]) => [...pairs, ...more]);
}

/** A valid body: an example with real ids, or one generated from the schema. */
function validBody(schema: JsonSchema, examples: unknown[], pool: IdPool): fc.Arbitrary<unknown> {
  const generated = validValue(schema, pool);
  if (!examples.length) return generated;
  const fromExample = fc.constantFrom(...examples).chain((example) => {
    const fields = bodyIdFields(example, schema);
    const ids = fields.map((f) =>
      validValue({ 'x-id-kind': f.kinds, type: f.asText ? 'string' : 'integer' }, pool),
    );
    return fc
      .tuple(...ids)
      .map((values) =>
        fields.reduce((body, field, i) => withValueAt(body, field.path, values[i]), example),
      );
  });
  return fc.oneof({ weight: 3, arbitrary: fromExample }, generated);
}

function bodyOf(op: Operation, variant: Variant, pool: IdPool): fc.Arbitrary<FuzzBody | undefined> {
  if (op.method === 'GET') return fc.constant(undefined);
  if (!op.body) {
    if (variant !== 'hostile') return fc.constant(undefined);
    return fc.option(
      fc
        .constantFrom(...HOSTILE_RAW_BODIES)
        .map((raw) => ({ raw, contentType: 'application/json' })),
      { nil: undefined },
    );
  }
  const valid = validBody(op.body, op.examples, pool);
  if (variant === 'valid') return valid.map((json) => ({ json }));
  const keys = [
    ...Object.keys(op.body.properties ?? {}),
    ...(op.body.anyOf ?? []).flatMap((s) => Object.keys(s.properties ?? {})),
  ];
  if (variant === 'boundary' && keys.length) {
    return fc.tuple(valid, fc.constantFrom(...keys), fc.nat()).map(([body, key, pick]) => {
      const options = boundaryValues(op.body?.properties?.[key] ?? {}, pool.avoid);
      const value = options[pick % options.length];
      // An undefined value leaves the field out (JSON has no undefined).
      return { json: { ...(body as Record<string, unknown>), [key]: value } };
    });
  }
  return fc.oneof(
    fc
      .tuple(
        valid,
        fc.constantFrom(...keys, '__proto__', 'constructor', 'toString', 'extra'),
        hostileJson(),
      )
      .map(([body, key, bad]) => ({ json: withValueAt(body ?? {}, [key], bad) })),
    hostileJson().map((json) => ({ json })),
    fc.constantFrom(...HOSTILE_RAW_BODIES).map((raw) => ({ raw, contentType: 'application/json' })),
    fc.tuple(valid, fc.constantFrom(...ODD_CONTENT_TYPES)).map(([body, contentType]) => ({
      raw: jsonText(body),
      contentType,
    })),
  );
}

/** Valid requests sometimes carry an Idempotency-Key (writes store their answer with it). */
const idempotencyHeader = fc.oneof(
  fc.constant<Record<string, string>>({}),
  fc.uuid().map((key) => ({ 'idempotency-key': key })),
);

/**
 * Requests for one operation: valid, at the limits and hostile, from every identity. None names
 * a sign-in object (sign-in-objects.ts), whatever its variant: a hostile digit string in a path
 * is an id like any other (seed 808957220 deactivated the user and viewer accounts' customer by
 * `DELETE /api/customers/5`, its id drawn as hostile text).
 */
export function fuzzCases(op: Operation, pool: IdPool): fc.Arbitrary<FuzzCase> {
  const variant = fc.constantFrom<Variant>('valid', 'valid', 'boundary', 'hostile', 'hostile');
  return variant.chain((v) =>
    fc
      .record({
        identity: fc.constantFrom(...IDENTITIES),
        variant: fc.constant(v),
        pathParts: pathValues(op, v, pool),
        query: queryPairs(op, v, pool),
        headers: v === 'hostile' ? oddHeaders() : idempotencyHeader,
        body: bodyOf(op, v, pool),
        forgedAuthorization: fc.constantFrom(...FORGED_AUTHORIZATIONS),
      })
      .map(({ pathParts, ...rest }) => ({
        ...rest,
        path: pathParts.values,
        rawPath: pathParts.raw,
      }))
      .filter((fuzzCase) => !namesSignInObject(op, fuzzCase, pool.avoid)),
  );
}
