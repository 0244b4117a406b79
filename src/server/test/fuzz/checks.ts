import type { LightMyRequestResponse } from 'fastify';
import type { FuzzCase } from './cases';
import type { Operation } from './operations';
import { can } from '@shared/access/permissions';
import { undocumentedAnswer } from './answers';
import { isSignedIn, roleOf, staysOnRoute, type FuzzSessions } from './send';

const isObjectOfStrings = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** A 400's body must say what is wrong: `{ errors: { field: message } }` or `{ message }`. */
function badRequestShape(response: LightMyRequestResponse): string | undefined {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `400 without a JSON body: ${response.body.slice(0, 120)}`;
  }
  const { errors, message } = (body ?? {}) as { errors?: unknown; message?: unknown };
  if (errors !== undefined ? isObjectOfStrings(errors) : typeof message === 'string')
    return undefined;
  return `400 body is neither { errors } nor { message }: ${response.body.slice(0, 120)}`;
}

/**
 * What may never happen, whatever the input: a 5xx, a 400 without a readable reason, a 2xx to a
 * caller the route's rule refuses (`can`, src/shared/access/permissions.ts) or to a Viewer's write, an
 * answer other than 401 without a valid token, a change to the objects the fuzz identities sign
 * in with (sign-in-objects.ts: no generated request names them, so a change is a leak in the
 * generators or a route writing what it was not asked to), an answer the OpenAPI document does
 * not list for the operation or whose body its schema refuses. Rules that depend on routing hold
 * only while the path still addresses the operation.
 */
export function violations(
  op: Operation,
  fuzzCase: FuzzCase,
  response: LightMyRequestResponse,
  sessions: Pick<FuzzSessions, 'subject' | 'takeChanges'>,
): string[] {
  const status = response.statusCode;
  const found: string[] = sessions
    .takeChanges()
    .map((change) => `changed a sign-in object of the fuzz identities (put back): ${change}`);
  if (status >= 500) found.push(`${status}: ${response.body.slice(0, 200)}`);
  if (status === 400) {
    const shape = badRequestShape(response);
    if (shape) found.push(shape);
  }
  if (!staysOnRoute(fuzzCase)) return found;
  // The answer is one the operation documents, its body as described (issue 25).
  const undocumented = undocumentedAnswer(op, response);
  if (undocumented) found.push(undocumented);
  if (op.isPublic) return found;
  const ok = status >= 200 && status < 300;
  const { identity } = fuzzCase;
  if (isSignedIn(identity)) {
    const role = roleOf(identity);
    if (ok && op.access && op.access !== 'public' && !can(sessions.subject(identity), op.access))
      found.push(`${status} to ${identity}, whom ${op.access} refuses`);
    if (ok && role === 'Viewer' && op.method !== 'GET') found.push(`${status} to a Viewer's write`);
  } else if (status !== 401) found.push(`${status} without a valid token (expected 401)`);
  return found;
}
