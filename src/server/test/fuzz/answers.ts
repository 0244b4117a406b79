import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import type { LightMyRequestResponse } from 'fastify';
import type { JsonSchema, Operation } from './operations';

/**
 * The document's schemas are OpenAPI 3.0 ones: `nullable`, and extension keywords (`x-id-kind`)
 * that are not JSON Schema's. Formats are descriptions here, not rules the answers are held to.
 */
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
const validators = new WeakMap<JsonSchema, ValidateFunction>();

function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** The body as sent, decompressed when the answer was compressed (`accept-encoding`). */
function bodyText(response: LightMyRequestResponse): string {
  const bytes = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(bytes).toString('utf8');
    case 'deflate':
      return inflateSync(bytes).toString('utf8');
    case 'br':
      return brotliDecompressSync(bytes).toString('utf8');
    default:
      return bytes.toString('utf8');
  }
}

const isJson = (response: LightMyRequestResponse) =>
  /^application\/json\b/i.test(String(response.headers['content-type'] ?? ''));

/**
 * Where the answer departs from the operation's documented answers: a status the document does
 * not list, a JSON body its schema refuses (or no JSON where the document describes JSON), a
 * documented header missing (a 405's Allow). Undefined when it conforms. Bodies of answers the
 * document leaves undescribed (an undescribed 200, a file) are not judged.
 */
export function undocumentedAnswer(
  op: Operation,
  response: LightMyRequestResponse,
): string | undefined {
  const status = String(response.statusCode);
  const documented = op.responses[status];
  if (!documented) {
    const listed = Object.keys(op.responses).join(', ');
    return `${status} is not documented (documented: ${listed}): ${response.body.slice(0, 160)}`;
  }
  const missing = documented.headers.filter(
    (name) => response.headers[name.toLowerCase()] === undefined,
  );
  if (missing.length) return `${status} without its documented header ${missing.join(', ')}`;
  if (!documented.schema) return undefined;
  if (!isJson(response))
    return `${status} answered ${String(response.headers['content-type'] ?? 'no content type')}, documented as JSON`;
  let body: unknown;
  try {
    body = JSON.parse(bodyText(response));
  } catch {
    return `${status} body is no JSON: ${response.body.slice(0, 160)}`;
  }
  const validate = validatorOf(documented.schema);
  if (validate(body)) return undefined;
  const why = ajv.errorsText(validate.errors, { dataVar: 'body' });
  return `${status} body does not match its documented schema (${why}): ${JSON.stringify(body).slice(0, 200)}`;
}
