import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { PERMISSION_DESCRIPTIONS } from '../../shared/permission-descriptions';
import { PERMISSIONS, type RouteAccess } from '../../shared/permissions';
import { isValibotSchema } from './valibot-provider';

type JsonSchema = Record<string, unknown>;

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
 * Id metadata (src/shared/ids.ts) becomes the extension keywords `x-id-kind` / `x-id-use`, and
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

const toJson = (schema: unknown): unknown =>
  isValibotSchema(schema)
    ? toJsonSchema(schema, { errorMode: 'ignore', overrideSchema, overrideAction })
    : schema;

/** Where the document and its Swagger UI are served (public, see http/route-access.ts). */
export const DOCS_PATH = '/api/docs';

/**
 * Who may call the route, as the guard decides it (src/server/auth/guard.ts): `x-access` is the
 * action of the permission table or 'public', `x-access-rule` the rule itself, and the rule's
 * words end the operation's description so the Swagger UI shows them.
 */
function accessDocs(access: RouteAccess | undefined, description: unknown): JsonSchema {
  if (access === undefined) return {};
  const who =
    access === 'public' ? 'public (no sign-in)' : `${access}: ${PERMISSION_DESCRIPTIONS[access]}`;
  const text = typeof description === 'string' ? `${description}\n\n` : '';
  return {
    'x-access': access,
    ...(access === 'public' ? {} : { 'x-access-rule': PERMISSIONS[access] }),
    description: `${text}Access: ${who}.`,
  };
}

/** OpenAPI document generated from the routes' valibot schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fleet Portal middleware API', version: '1.3.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      // Routes without a schema (the hub's) arrive with `schema` undefined, whatever the types say.
      const given = schema as Record<string, unknown> | undefined;
      const { body, params, querystring, headers, response, ...rest } = given ?? {};
      const transformed: Record<string, unknown> = { ...rest };
      if (body) transformed.body = toJson(body);
      if (params) transformed.params = toJson(params);
      if (querystring) transformed.querystring = toJson(querystring);
      if (headers) transformed.headers = toJson(headers);
      if (response && typeof response === 'object') {
        transformed.response = Object.fromEntries(
          Object.entries(response).map(([code, s]) => [code, toJson(s)]),
        );
      }
      Object.assign(transformed, accessDocs(route.config?.access, rest.description));
      return { schema: transformed, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
}
