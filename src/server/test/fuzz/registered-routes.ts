import type { FastifyInstance } from 'fastify';
import type { App } from '@server/http/types';
import type { Operation } from './operations';

/** The document's own pages (Swagger UI): served, deliberately not described. */
const UNDOCUMENTED = /^\/api\/docs/;

/** `/api/devices/:id` and `/api/devices/{id}` alike, as `/api/devices/{}`. */
export const normalizePath = (path: string): string =>
  path.replace(/:[^/|]+(\|:[^/|]+)*/g, '{}').replace(/\{[^}]*\}/g, '{}');

const routeKey = (method: string, path: string) => `${method} ${normalizePath(path)}`;

/** One registered method and path, as Fastify's route tree shows it (`:param` syntax). */
export interface TreeRoute {
  method: string;
  path: string;
}

/** Every method and path of Fastify's own route tree (`printRoutes`), HEAD and OPTIONS too. */
export function routeTree(app: FastifyInstance): TreeRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const segments: string[] = [];
  const routes: TreeRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    segments.length = depth;
    segments.push(match[2] ?? '');
    const path = segments.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()))
      if (method) routes.push({ method, path });
  }
  return routes;
}

/**
 * Every method and path the app has registered, read from Fastify's own route tree, so a
 * route the OpenAPI plugin never saw is listed too. HEAD is left out: Fastify adds it to every
 * GET and the document does not list it.
 */
export function registeredRoutes(app: App): string[] {
  const routes = new Set<string>();
  for (const { method, path } of routeTree(app)) {
    if (method !== 'HEAD' && !UNDOCUMENTED.test(path)) routes.add(routeKey(method, path));
  }
  return [...routes].sort();
}

/** Registered routes the document does not describe (should be none). */
export function undocumentedRoutes(app: App, operations: readonly Operation[]): string[] {
  const documented = new Set(operations.map((op) => routeKey(op.method, op.path)));
  return registeredRoutes(app).filter((route) => !documented.has(route));
}
