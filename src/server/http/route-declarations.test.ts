import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '@server/test/harness';
import { normalizePath, routeTree } from '@server/test/fuzz/registered-routes';
import { enforceRouteAccess } from './route-access';

/**
 * Deny by default (issue 10): every route the whole app registers — the guarded API, the hub's
 * and the device link's routes beside it, the OpenAPI plugin's and the PWA's files, each method
 * on its own with HEAD — has a declaration, and every route that is not public is behind the
 * guard.
 */
const staticDir = await mkdtemp(path.join(tmpdir(), 'fp-pwa-'));
await mkdir(path.join(staticDir, 'assets'));
await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>PWA</title>');
await writeFile(path.join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
const ctx = await createTestContext({ staticDir });
afterAll(async () => {
  await ctx.close();
  await rm(staticDir, { recursive: true, force: true });
});

const key = (method: string, url: string) => `${method} ${normalizePath(url)}`;
const declared = new Map(ctx.app.routeDeclarations.map((d) => [key(d.method, d.url), d]));

/**
 * The routes reachable without a token, on purpose. A new public route fails this list until
 * it is added here with the reason.
 */
const PUBLIC_ROUTES = [
  // Signing in and out, and the PWA's connectivity probe.
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/health',
  'HEAD /api/health',
  // Devices sign every message with their credential (devices-link/routes.ts).
  'POST /api/v1/devices',
  // Tachograph files, signed like messages (devices-link/file-route.ts).
  'POST /api/v1/devices/files',
  // Library files a pending setting names, signed over the path (devices-link/library-route.ts).
  'GET /api/v1/devices/library/:fileId',
  'HEAD /api/v1/devices/library/:fileId',
  // The installation test's hub admits callers itself (hub/auth.ts: token, access, no Viewers).
  'POST /api/socketdevicetests/ws/negotiate',
  'GET /api/socketdevicetests/ws',
  'HEAD /api/socketdevicetests/ws',
  'POST /api/socketdevicetests/ws',
  'DELETE /api/socketdevicetests/ws',
];

describe('every registered route declares who may call it', () => {
  const tree = routeTree(ctx.app);

  it('finds the whole app in the route tree, HEAD and the routes outside the guard included', () => {
    const methods = new Set(tree.map((r) => r.method));
    expect([...methods]).toEqual(expect.arrayContaining(['DELETE', 'GET', 'HEAD', 'POST', 'PUT']));
    const paths = tree.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/devices', '/index.html']));
    expect(paths.some((p) => p.startsWith('/api/docs'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/api/socketdevicetests/ws'))).toBe(true);
    expect(tree.length).toBeGreaterThan(100);
  });

  it('has a declaration for each of them', () => {
    // The printed tree folds a wildcard's static parent into it ('/api/docs/static/*' shows as
    // '/api/docs*'): a wildcard matches a declared wildcard below the same prefix.
    const isDeclared = ({ method, path }: { method: string; path: string }) =>
      path.endsWith('*')
        ? ctx.app.routeDeclarations.some(
            (d) =>
              d.method === method && d.url.endsWith('*') && d.url.startsWith(path.slice(0, -1)),
          )
        : declared.has(key(method, path));
    expect(tree.filter((r) => !isDeclared(r))).toEqual([]);
  });

  it('makes public only the listed API routes, the OpenAPI document and the PWA', () => {
    const publicApi = ctx.app.routeDeclarations
      .filter((d) => d.access === 'public' && d.url.startsWith('/api/'))
      .filter((d) => !d.url.startsWith('/api/docs'))
      .map((d) => `${d.method} ${d.url}`);
    expect(publicApi.sort()).toEqual([...PUBLIC_ROUTES].sort());
    const outside = ctx.app.routeDeclarations.filter((d) => !d.url.startsWith('/api'));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.every((d) => d.access === 'public' && ['GET', 'HEAD'].includes(d.method))).toBe(
      true,
    );
  });

  it('keeps every other route behind the guard: no token, 401', async () => {
    const guarded = ctx.app.routeDeclarations.filter((d) => d.access !== 'public');
    expect(guarded.length).toBeGreaterThan(50);
    const answers: string[] = [];
    for (const { method, url, access } of guarded) {
      const response = await ctx.app.inject({
        method: method as 'GET',
        // Any value reaches the route: the guard answers before parameters are validated.
        url: url.replace(/:[^/]+/g, '1'),
      });
      if (response.statusCode !== 401)
        answers.push(`${method} ${url} (${access}): ${response.statusCode}`);
    }
    expect(answers).toEqual([]);
  });
});

describe('registration refuses a route without a valid declaration', () => {
  const register = (url: string, config?: object, method = 'GET') => {
    const app = Fastify();
    enforceRouteAccess(app);
    return () => {
      app.route({ method, url, ...(config ? { config } : {}), handler: () => 'ok' });
    };
  };

  it('under /api: an action of the permission table or public, nothing else', () => {
    expect(register('/api/things')).toThrow(/GET \/api\/things declares no valid access/);
    expect(register('/api/things', { access: 'things.read' })).toThrow(/declares no valid access/);
    expect(register('/api/things', { roles: ['Admin'] })).toThrow(/declares no valid access/);
    expect(register('/api/things', { access: 'devices.read' })).not.toThrow();
    expect(register('/api/things', { access: 'public' })).not.toThrow();
  });

  it('outside /api: only the PWA (GET, HEAD); the OpenAPI plugin is public by path', () => {
    expect(register('/page')).not.toThrow();
    expect(register('/page', undefined, 'POST')).toThrow(/outside \/api only the PWA/);
    expect(register('/api/docs/json')).not.toThrow();
  });

  it('records what each route ends up with, HEAD included', async () => {
    const app = Fastify();
    enforceRouteAccess(app);
    app.get('/api/things', { config: { access: 'devices.read' } }, () => 'ok');
    app.get('/api/docs/x', () => 'ok');
    await app.ready();
    expect(app.routeDeclarations).toEqual([
      { method: 'GET', url: '/api/things', access: 'devices.read' },
      { method: 'HEAD', url: '/api/things', access: 'devices.read' },
      { method: 'GET', url: '/api/docs/x', access: 'public' },
      { method: 'HEAD', url: '/api/docs/x', access: 'public' },
    ]);
  });
});
