import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteAccess } from '@shared/access/permissions';
import { isRouteAccess } from '@server/auth/access';
import { DOCS_PATH } from './openapi';

/** One registered route (each method on its own, HEAD included) and who may call it. */
export interface RouteDeclaration {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far with its access (http/route-access.ts). */
    routeDeclarations: readonly RouteDeclaration[];
  }
}

/** The API's namespace: every route in it declares `config.access`. */
const API_PREFIX = '/api';
/**
 * Routes of plugins we do not write, which cannot declare anything: public by path. Only the
 * OpenAPI document and its Swagger UI (@fastify/swagger-ui), readable without signing in.
 */
export const PUBLIC_PLUGIN_PATHS = [DOCS_PATH] as const;
/** Outside /api there is only the built PWA (@fastify/static): files anyone may fetch. */
const PWA_METHODS = new Set(['GET', 'HEAD']);

const isUnder = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** Why a route may not be registered as declared, or undefined when it may. */
function refusal(method: string, url: string, access: unknown): string | undefined {
  if (!isUnder(url, API_PREFIX)) {
    return PWA_METHODS.has(method)
      ? undefined
      : `${method} ${url}: outside ${API_PREFIX} only the PWA's files (GET, HEAD) are served`;
  }
  if (isRouteAccess(access)) return undefined;
  return (
    `${method} ${url} declares no valid access: set config.access to an action of ` +
    `src/shared/access/permissions.ts or 'public' (found ${access === undefined ? 'none' : JSON.stringify(access)})`
  );
}

/** What a route ends up with: its declaration, else 'public' (plugin and PWA routes only). */
const accessOf = (declared: unknown): RouteAccess =>
  isRouteAccess(declared) ? declared : 'public';

/**
 * Deny by default. Call first on the root instance: every route registered afterwards, in any
 * scope, must declare `config.access` when it is under /api — the guard's routes, the hub's and
 * the device link's alike (those two check their callers themselves and say 'public' to the
 * guard) — or registration throws and the app does not start. Routes of the OpenAPI plugin are
 * declared public here by path; outside /api only GET and HEAD (the PWA) are accepted. The
 * result is kept in `app.routeDeclarations` for the route-declaration test and tools.
 */
export function enforceRouteAccess(app: FastifyInstance): void {
  const declarations: RouteDeclaration[] = [];
  app.decorate('routeDeclarations', declarations);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    const declared: unknown = route.config?.access;
    const pluginPath = PUBLIC_PLUGIN_PATHS.some((prefix) => isUnder(route.url, prefix));
    for (const method of methods) {
      const problem = pluginPath ? undefined : refusal(method, route.url, declared);
      if (problem) throw new Error(problem);
      declarations.push({ method, url: route.url, access: accessOf(declared) });
    }
    // The guard and the OpenAPI document read the declaration from the route's config.
    route.config = { ...route.config, access: accessOf(declared) };
  });
}
