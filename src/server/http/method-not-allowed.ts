import type { FastifyInstance, RouteOptions } from 'fastify';

/** The order `Allow` lists methods in (RFC 9110 leaves it open; this reads like the spec's). */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const byConvention = (a: string, b: string) => {
  const rank = (method: string) => {
    const at = METHOD_ORDER.indexOf(method);
    return at < 0 ? METHOD_ORDER.length : at;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
};

export const methodNotAllowedMessage = (method: string, allowed: readonly string[]) =>
  `${method} is not a method of this path; it takes ${allowed.join(', ')}`;

/**
 * A known path asked with a method it does not have answers 405 with `Allow` (RFC 9110 §15.5.6)
 * and `{ message }`, an OPTIONS request 204 with `Allow`; only a path no method has stays 404.
 * Decided in `onRequest`, before any body is read, so a body in a wrong method's request is never
 * parsed (it answered 400 or 415 as a 404 before). The router itself says which methods match the
 * path (`findRoute`, the same lookup a request gets), so parameters and the static-before-param
 * order count exactly as they do for a request. Call before any route is registered: the methods
 * to try are collected as routes are added, HEAD (which Fastify adds to every GET) among them.
 */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  const methods = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) methods.add(method.toUpperCase());
    // Fastify adds HEAD to a GET after onRoute, without calling it again.
    if (methods.has('GET')) methods.add('HEAD');
  });

  /** The methods with a route for the path; none for a path no route has. */
  const allowedFor = (url: string): string[] => {
    const path = url.split('?')[0] ?? url;
    const found = [...methods].filter((method) => {
      // Typed as always found; a path no route of the method has is null.
      const route = app.findRoute({ method, url: path }) as { searchParams?: unknown } | null;
      // The router answers a bad URL or an over-long segment with a handler of its own, which has
      // no query parsed: that is no route.
      return route !== null && route.searchParams !== undefined;
    });
    return found.length ? [...found, 'OPTIONS'].sort(byConvention) : [];
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const allowed = allowedFor(request.url);
    if (!allowed.length) return;
    void reply.header('Allow', allowed.join(', '));
    if (request.method === 'OPTIONS') return reply.code(204).send();
    return reply.code(405).send({ message: methodNotAllowedMessage(request.method, allowed) });
  });
}
