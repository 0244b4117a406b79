import * as v from 'valibot';

/**
 * An answer checked against its shared schema: one that does not fit is logged with its issues
 * and shown as the screen's error, rather than drawn half-right. The server is written beside
 * this client; a drift between them shows at once.
 */
export function parseAnswer<S extends v.GenericSchema>(
  schema: S,
  answer: unknown,
  what: string,
): v.InferOutput<S> {
  const parsed = v.safeParse(schema, answer);
  if (parsed.success) return parsed.output;
  console.error(`The ${what} answer does not fit its schema`, v.flatten(parsed.issues), answer);
  throw new Error(`The ${what} could not be read.`);
}
