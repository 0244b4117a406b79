import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PERMISSION_DESCRIPTIONS } from '@shared/access/permission-descriptions';
import { PERMISSIONS, type RouteAccess } from '@shared/access/permissions';
import { toJson, type JsonSchema } from './json-schema';
import { addRefusals, responseParts } from './openapi-responses';

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
      Object.assign(transformed, responseParts(route, transformed, response));
      Object.assign(transformed, accessDocs(route.config?.access, rest.description));
      return { schema: transformed, url };
    },
    transformObject: (document) =>
      'openapiObject' in document ? addRefusals(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
}
