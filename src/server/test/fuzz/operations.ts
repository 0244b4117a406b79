import type { RouteAccess } from '../../../shared/permissions';
import type { App } from '../../http/types';

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
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
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
      });
    }
  }
  return operations;
}
