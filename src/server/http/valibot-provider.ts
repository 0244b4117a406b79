import type {
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';
import * as v from 'valibot';
import { toFieldErrors } from '@shared/api/validation';
import { badRequest } from '@server/errors/http-errors';
import { unstorableTextFields } from './unstorable-text';

/**
 * Lets routes declare valibot schemas from `src/shared` directly in `schema.body`,
 * `schema.params`, `schema.querystring` and `schema.headers`, typed in handlers and validated
 * once. Text with NUL or unpaired surrogates is refused in any part before its schema runs.
 */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

export const isValibotSchema = (value: unknown): value is v.GenericSchema =>
  typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'schema';

export const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isValibotSchema(schema)) {
    throw new Error('Route schemas must be valibot schemas from src/shared');
  }
  return (data) => {
    // Every route at once: text PostgreSQL cannot store never reaches a handler.
    const unstorable = unstorableTextFields(data);
    if (unstorable) return { error: badRequest(unstorable) };
    const result = v.safeParse(schema, data);
    if (result.success) return { value: result.output };
    return { error: badRequest(toFieldErrors(result.issues)) };
  };
};

/** Responses are plain JSON; their schemas exist for the OpenAPI document. */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);
