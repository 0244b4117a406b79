import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleClass, type RouteAccess } from '@shared/access/permissions';
import type { Db } from '@server/db/client';
import { forbidden, unauthorized } from '@server/errors/http-errors';
import { ACCESS_DENIED, callerCan, isAction, VIEWERS_READ_ONLY } from './access';
import { cachedFeaturesOfCustomer, FEATURE_CACHE_MS } from './customer-features';
import type { Authenticator } from './sessions';
import { resolveScope, type CustomerScope } from './tenancy';
import { bearerToken, type Caller } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: an action of the permission table (src/shared/access/permissions.ts),
     * or 'public' (no token). Every route declares it; one without is refused at registration
     * (http/route-access.ts).
     */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in caller; set on every non-public route. */
    caller: Caller;
    /** The customers the caller may see, resolved once per request. */
    scope(): Promise<CustomerScope>;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one place that decides who may call what: a valid bearer token of a live session on every
 * non-public route, the route's action checked with `can` (the permission table), and read-only
 * Viewers as a second line. Tenancy is resolved here and applied by the repositories through
 * `request.scope()`.
 */
export function registerGuard(
  app: FastifyInstance,
  db: Db,
  auth: Authenticator,
  featureCacheMs = FEATURE_CACHE_MS,
): void {
  app.decorateRequest('caller', null as unknown as Caller);
  app.decorateRequest('scope', function (this: FastifyRequest) {
    return Promise.reject(new Error(`scope() on a public route: ${this.url}`));
  });
  // Only rules with a feature condition read them, at most once per request and, per customer,
  // once per cache window (a change made through the API counts at once: customers service).
  const loadFeatures = (caller: Caller) =>
    cachedFeaturesOfCustomer(db, caller.customerId, featureCacheMs);

  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers, there is nothing to guard.
    if (!request.routeOptions.url) return;
    const access: unknown = request.routeOptions.config.access;
    if (access === 'public') return;
    // Unreachable while route-access.ts refuses undeclared routes; denied if it ever is not.
    if (!isAction(access)) throw forbidden();

    const token = bearerToken(request.headers.authorization);
    // A revoked, expired or deleted user's session ends its tokens before their `exp`.
    const claims = token ? await auth.authenticate(token) : null;
    if (!claims) throw unauthorized();
    const caller: Caller = {
      userId: claims.userId,
      role: claims.role,
      customerId: claims.customerId,
      isReseller: claims.isReseller,
    };
    if (!(await callerCan(caller, access, loadFeatures))) throw forbidden(ACCESS_DENIED);
    if (roleClass(caller.role) === 'Viewer' && !READ_METHODS.has(request.method)) {
      throw forbidden(VIEWERS_READ_ONLY);
    }

    request.caller = caller;
    let scope: Promise<CustomerScope> | undefined;
    request.scope = () => (scope ??= resolveScope(db, caller));
  });
}
