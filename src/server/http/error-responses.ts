import { PERMISSIONS, type RouteAccess, type Rule } from '@shared/access/permissions';
import { MAX_PARAM_LENGTH } from './types';

/** One documented refusal: its name in `components.responses`, its body, what it means. */
export interface Refusal {
  name: string;
  /** `{ message }`, or a 400's `{ errors: { field: message } }` or `{ message }` (app.ts). */
  body: 'message' | 'badRequest';
  description: string;
  /** Response headers the answer carries (`Allow` of a 405, `Retry-After` of a 503). */
  headers?: Record<string, { type: 'string'; description: string }>;
}

/** Every refusal the document names, by status; each means the same on every route. */
export const REFUSALS = {
  400: {
    name: 'BadRequest',
    body: 'badRequest',
    description:
      'Bad input: `{ errors: { field: message } }`, one message per field; `{ message }` when ' +
      'no one field is at fault (a body that is no JSON, a refused sign-in)',
  },
  401: {
    name: 'Unauthorized',
    body: 'message',
    description: 'No valid bearer token of a live session',
  },
  403: {
    name: 'Forbidden',
    body: 'message',
    description:
      'The caller’s role, reseller flag or features do not allow this (Viewers only read)',
  },
  404: {
    name: 'NotFound',
    body: 'message',
    description: 'Not found: no such object, or another customer’s (never a 403)',
  },
  405: {
    name: 'MethodNotAllowed',
    body: 'message',
    description: 'The path exists, the method does not: `Allow` lists the methods it takes',
    headers: { Allow: { type: 'string', description: 'The methods of the path, comma-separated' } },
  },
  409: {
    name: 'IdempotencyKeyBusy',
    body: 'message',
    description: 'A request with the same Idempotency-Key is being written right now: retry',
  },
  413: {
    name: 'PayloadTooLarge',
    body: 'message',
    description: 'The body is over its limit (JSON: 1 MiB)',
  },
  414: {
    name: 'UriTooLong',
    body: 'message',
    description: `A path segment longer than ${String(MAX_PARAM_LENGTH)} characters`,
  },
  415: {
    name: 'UnsupportedMediaType',
    body: 'message',
    description: 'A body of a content type the route does not read',
  },
  422: {
    name: 'IdempotencyKeyReused',
    body: 'message',
    description: 'This Idempotency-Key was already used for a different request',
  },
  503: {
    name: 'ServiceUnavailable',
    body: 'message',
    description: 'The server is shutting down: retry shortly',
    // http/drain.ts sends it with every such answer.
    headers: {
      'Retry-After': { type: 'string', description: 'Seconds to wait before sending it again' },
    },
  },
} as const satisfies Record<number, Refusal>;
export type RefusalStatus = keyof typeof REFUSALS;

/** What a route's declaration says about the answers it can give (openapi.ts reads it). */
export interface RouteFacts {
  methods: readonly string[];
  access: RouteAccess | undefined;
  hasPathParams: boolean;
  hasQuery: boolean;
  hasHeaders: boolean;
  /** It takes an Idempotency-Key (http/idempotency.ts). */
  idempotent: boolean;
  /** An id of an object (`x-id-use: object`) in its query or body: someone else's is 404. */
  namesObjects: boolean;
}

/** Methods whose body Fastify reads (and a Viewer may not call, auth/guard.ts). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALL_ROLES = ['Admin', 'User', 'Viewer'] as const;

/** Whether the guard can refuse a signed-in caller: a rule short of everyone, or a write. */
function guardMayRefuse(access: RouteAccess, methods: readonly string[]): boolean {
  if (access === 'public') return false;
  if (methods.some((method) => BODY_METHODS.has(method))) return true;
  const rule = PERMISSIONS[access] as Rule;
  return (
    !ALL_ROLES.every((role) => rule.roles.includes(role)) ||
    rule.reseller !== undefined ||
    rule.feature !== undefined ||
    rule.self !== undefined
  );
}

/**
 * The refusals a route can answer, derived from its declaration as the server decides them: bad
 * input where it takes any (the valibot provider, JSON syntax, multipart forms), the guard's 401
 * and 403, 404 where it names an object (another tenant's is missing too), Fastify's body and path
 * limits, the idempotency store's conflicts, 405 for the path's other methods
 * (http/method-not-allowed.ts) and the 503 of a server closing. A route's own `schema.response`
 * adds to these and wins.
 */
export function refusalsOf(route: RouteFacts): RefusalStatus[] {
  const { access, methods } = route;
  const takesBody = methods.some((method) => BODY_METHODS.has(method));
  const guarded = access !== undefined && access !== 'public';
  const statuses: (RefusalStatus | false)[] = [
    (takesBody || route.hasPathParams || route.hasQuery || route.hasHeaders) && 400,
    guarded && 401,
    guarded && guardMayRefuse(access, methods) && 403,
    (route.hasPathParams || route.namesObjects) && 404,
    405,
    route.idempotent && 409,
    takesBody && 413,
    route.hasPathParams && 414,
    takesBody && 415,
    route.idempotent && 422,
    503,
  ];
  return statuses.filter((status): status is RefusalStatus => status !== false);
}

/** The `{ message }` body as JSON schema (the document's `components.schemas.Message`). */
export const MESSAGE_BODY = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

type HeaderDocs = Record<string, { type: 'string'; description: string }>;

/**
 * An answer with `{ message }` a route declares itself in `schema.response` (one the declaration
 * cannot show: a throttle, a route that checks its callers itself); `description` says what it
 * means, `headers` what it carries.
 */
export const messageAnswer = (description: string, headers?: HeaderDocs) => ({
  ...MESSAGE_BODY,
  description,
  ...(headers && { headers }),
});

/** An answer without a body (204, an empty 200). */
export const emptyAnswer = (description: string) => ({ type: 'null', description }) as const;

/** An answer whose body is bytes (a file), not JSON. */
export const bytesAnswer = (description: string, headers?: HeaderDocs) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
});

/** A 400 a route declares itself (one whose declaration must list its statuses), as derived. */
export const badRequestAnswer = () => ({
  anyOf: [
    {
      type: 'object',
      properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['errors'],
    },
    MESSAGE_BODY,
  ],
  description: REFUSALS[400].description,
});
