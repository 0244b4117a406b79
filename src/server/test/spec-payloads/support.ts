import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The spec-payload tests (spec 01–03 §7): each create and update call is sent its payload
 * exactly as the spec lists it — those field names and no others — and must be accepted (2xx).
 */

type Call = (
  email: string,
  method: InjectOptions['method'],
  path: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** The call must be accepted; answers its JSON (the body in the failure message otherwise). */
export async function accepted<T>(
  call: Call,
  email: string,
  method: InjectOptions['method'],
  path: string,
  payload?: unknown,
): Promise<T> {
  const response = await call(email, method, path, payload);
  expect(response.statusCode, `${String(method)} ${path}: ${response.body}`).toBeGreaterThanOrEqual(
    200,
  );
  expect(response.statusCode, `${String(method)} ${path}: ${response.body}`).toBeLessThan(300);
  return response.body === '' ? (undefined as T) : response.json<T>();
}

/** The keys of a payload, sorted: the test states the spec's list of fields next to it. */
export const fieldsOf = (payload: object) => Object.keys(payload).sort();
