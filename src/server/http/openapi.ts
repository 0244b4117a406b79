import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { toJsonSchema } from '@valibot/to-json-schema';
import { isValibotSchema } from './valibot-provider';

const toJson = (schema: unknown): unknown =>
  isValibotSchema(schema) ? toJsonSchema(schema, { errorMode: 'ignore' }) : schema;

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
    transform: ({ schema, url }) => {
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
      return { schema: transformed, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
