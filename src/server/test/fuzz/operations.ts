import type { RouteAccess } from '@shared/access/permissions';
import type { App } from '@server/http/types';

/** A JSON schema as the OpenAPI document carries it (only what the generators read). */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  'x-id-kind'?: string | string[];
  'x-id-use'?: 'object' | 'cursor' | 'echo';
}

/** One documented answer of an operation, its references resolved. */
export interface DocumentedResponse {
  /** The JSON body's schema; undefined when the answer's body is not described. */
  schema?: JsonSchema;
  /** The headers the document says the answer carries. */
  headers: string[];
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One operation of the OpenAPI document, with who may call it. */
export interface Operation {
  method: string;
  /** The document's path template, e.g. `/api/devices/{id}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body?: JsonSchema;
  /** The body examples the document gives (valid requests to start from). */
  examples: unknown[];
  /** Who may call it (`x-access`): an action of the permission table, or 'public'. */
  access?: RouteAccess;
  /** Reachable without a token (the guard does not check it). */
  isPublic: boolean;
  /** Every documented answer, by status ('200', '404', …). */
  responses: Record<string, DocumentedResponse>;
}

export const operationName = (op: Pick<Operation, 'method' | 'path'>): string =>
  `${op.method} ${op.path}`;

interface RawParameter extends Omit<Parameter, 'required'> {
  in: string;
  required?: boolean;
}
interface RawOperation {
  parameters?: RawParameter[];
  requestBody?: {
    content?: Record<
      string,
      { schema?: JsonSchema; example?: unknown; examples?: Record<string, { value: unknown }> }
    >;
  };
  'x-access'?: RouteAccess;
  responses?: Record<string, unknown>;
}
interface RawResponse {
  content?: Record<string, { schema?: JsonSchema }>;
  headers?: Record<string, unknown>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: Record<string, Record<string, unknown>>;
}

/** The value a local `$ref` ('#/components/…') points at. */
function target(document: OpenApiDocument, pointer: string): unknown {
  if (!pointer.startsWith('#/')) throw new Error(`Only local references are resolved: ${pointer}`);
  let value: unknown = document;
  for (const step of pointer.slice(2).split('/')) {
    const key = step.replace(/~1/g, '/').replace(/~0/g, '~');
    value = (value as Record<string, unknown> | undefined)?.[key];
  }
  if (value === undefined) throw new Error(`Dangling reference ${pointer}`);
  return value;
}

/** The value with every local `$ref` replaced by what it points at (the document has no cycles). */
export function resolveRefs<T>(document: OpenApiDocument, value: T, depth = 0): T {
  if (depth > 50) throw new Error('References nested too deep (a cycle?)');
  if (Array.isArray(value))
    return value.map((item: unknown) => resolveRefs(document, item, depth + 1)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return resolveRefs(document, target(document, ref) as T, depth + 1);
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, resolveRefs(document, v, depth + 1)]),
  ) as T;
}

function responsesOf(document: OpenApiDocument, raw: RawOperation) {
  const responses: Record<string, DocumentedResponse> = {};
  for (const [status, given] of Object.entries(raw.responses ?? {})) {
    const response = resolveRefs(document, given as RawResponse);
    responses[status] = {
      schema: response.content?.['application/json']?.schema,
      headers: Object.keys(response.headers ?? {}),
    };
  }
  return responses;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

/** The server's own document, as a client reads it. */
export async function readOpenApi(app: App): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`/api/docs/json: ${response.statusCode}`);
  return response.json<OpenApiDocument>();
}

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = raw.parameters ?? [];
      const inPart = (part: string) =>
        parameters
          .filter((p) => p.in === part)
          .map(({ name, schema, required }) => ({ name, schema, required: required === true }));
      const json = raw.requestBody?.content?.['application/json'];
      const examples =
        json?.example !== undefined
          ? [json.example]
          : Object.values(json?.examples ?? {}).map((e) => e.value);
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: inPart('path'),
        query: inPart('query'),
        headers: inPart('header'),
        body: json?.schema,
        examples,
        access: raw['x-access'],
        isPublic: raw['x-access'] === 'public',
        responses: responsesOf(document, raw),
      });
    }
  }
  return operations;
}
