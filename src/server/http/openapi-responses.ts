import type { RouteAccess } from '@shared/access/permissions';
import {
  MESSAGE_BODY,
  REFUSALS,
  refusalsOf,
  type Refusal,
  type RefusalStatus,
} from './error-responses';
import { toJson, type JsonSchema } from './json-schema';

/** A route's request schemas, already converted to JSON schema (openapi.ts). */
export interface DocumentedParts {
  params?: unknown;
  querystring?: unknown;
  headers?: unknown;
  body?: unknown;
}

/** Where a route's refusals wait, in its operation, until `addRefusals` turns them into refs. */
const REFUSALS_KEY = 'x-refusals';

/** Whether an id of an object (`x-id-use: object`, src/shared/api/ids.ts) is anywhere in the schema. */
function namesObjects(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  if ((schema as JsonSchema)['x-id-use'] === 'object') return true;
  return Object.values(schema).some(namesObjects);
}

const hasProperty = (schema: unknown, name: string): boolean => {
  const properties = (schema as JsonSchema | undefined)?.properties;
  return typeof properties === 'object' && properties !== null && name in properties;
};

/**
 * The documented parts of a route's schema for fastify-swagger: its own answers (converted), an
 * undescribed 200 when it declares answers but no success, and its refusals (derived from its
 * declaration, http/error-responses.ts) under `x-refusals`, for `addRefusals`.
 */
export function responseParts(
  route: { method: string | string[]; config?: { access?: RouteAccess } },
  parts: DocumentedParts,
  declared: unknown,
): JsonSchema {
  const refusals = refusalsOf({
    methods: [route.method].flat().map((method) => method.toUpperCase()),
    access: route.config?.access,
    hasPathParams: parts.params !== undefined,
    hasQuery: parts.querystring !== undefined,
    hasHeaders: parts.headers !== undefined,
    idempotent: hasProperty(parts.headers, 'idempotency-key'),
    namesObjects: namesObjects(parts.querystring) || namesObjects(parts.body),
  });
  if (typeof declared !== 'object' || declared === null) return { [REFUSALS_KEY]: refusals };
  const response: JsonSchema = Object.fromEntries(
    Object.entries(declared).map(([code, schema]) => [code, toJson(schema)]),
  );
  // fastify-swagger gives a route without answers an undescribed 200, one with answers none.
  if (!Object.keys(response).some((code) => code.startsWith('2')))
    response['200'] = { type: 'null', description: 'Default Response' };
  return { response, [REFUSALS_KEY]: refusals };
}

const FIELD_ERRORS = {
  type: 'object',
  properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } },
  required: ['errors'],
};
const ref = (kind: 'schemas' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** The refusals' bodies and answers, once for the whole document. */
function refusalComponents() {
  const responses = Object.fromEntries(
    // Read as the general shape: the literal types of several refusals' headers do not merge.
    Object.values<Refusal>(REFUSALS).map((refusal) => {
      const headers =
        refusal.headers !== undefined
          ? Object.fromEntries(
              Object.entries(refusal.headers).map(([name, { description, type }]) => [
                name,
                { description, schema: { type } },
              ]),
            )
          : undefined;
      const schema = ref('schemas', refusal.body === 'badRequest' ? 'BadRequest' : 'Message');
      return [
        refusal.name,
        {
          description: refusal.description,
          ...(headers && { headers }),
          content: { 'application/json': { schema } },
        },
      ];
    }),
  );
  const schemas = {
    Message: MESSAGE_BODY,
    FieldErrors: FIELD_ERRORS,
    BadRequest: { anyOf: [ref('schemas', 'FieldErrors'), ref('schemas', 'Message')] },
  };
  return { responses, schemas };
}

const OPERATION_KEYS = new Set([
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
]);

interface OpenApiObject {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, unknown>;
}

const byStatus = ([a]: [string, unknown], [b]: [string, unknown]) =>
  a.localeCompare(b, 'en', { numeric: true });

/**
 * fastify-swagger's `transformObject`: every operation's refusals become references to the
 * shared answers in `components.responses` (an answer the route declares itself stays), in
 * status order.
 */
export function addRefusals<T extends object>(given: T): T {
  const document = given as OpenApiObject;
  const components = refusalComponents();
  const existing = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  document.components = {
    ...existing,
    schemas: { ...existing.schemas, ...components.schemas },
    responses: { ...existing.responses, ...components.responses },
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!OPERATION_KEYS.has(method)) continue;
      const { [REFUSALS_KEY]: refusals, ...rest } = operation;
      const responses = { ...(operation.responses as Record<string, unknown>) };
      for (const status of (refusals ?? []) as RefusalStatus[])
        responses[String(status)] ??= ref('responses', REFUSALS[status].name);
      item[method] = {
        ...rest,
        responses: Object.fromEntries(Object.entries(responses).sort(byStatus)),
      };
    }
  }
  return given;
}
