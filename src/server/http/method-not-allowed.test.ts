import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '@server/test/harness';

/**
 * Issue 25: a known path asked with a method it lacks answers 405 with `Allow` (RFC 9110) and a
 * JSON body, OPTIONS 204 with `Allow`; a path no route has stays 404. Walked over every registered
 * route (the API, the hub, the device link, the OpenAPI plugin and the PWA, as registration saw
 * them: http/route-access.ts) and every method a client may send, the expected `Allow` worked out
 * from the registrations here, not from the router the server asks.
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

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const;
type Method = (typeof METHODS)[number];
const routes = ctx.app.routeDeclarations;

/** A request path for a route pattern: each parameter and wildcard an ordinary segment. */
const concrete = (pattern: string) => pattern.replace(/:[^/]+/g, 'p1').replace(/\*$/, 'x');

/** Whether the route pattern matches the path: a parameter takes one segment, `*` the rest. */
function matches(pattern: string, url: string): boolean {
  const expected = pattern.split('/');
  const actual = url.split('/');
  for (const [i, part] of expected.entries()) {
    if (part === '*') return i < actual.length;
    if (i >= actual.length) return false;
    if (!part.startsWith(':') && part !== actual[i]) return false;
  }
  return expected.length === actual.length;
}

/** The methods of every route whose pattern matches the path, and OPTIONS. */
function allowedFor(url: string): Set<string> {
  const methods = new Set(routes.filter((r) => matches(r.url, url)).map((r) => r.method));
  if (methods.size) methods.add('OPTIONS');
  return methods;
}

const allowHeader = (value: string | string[] | number | undefined) =>
  new Set(
    String(value ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
  );

const urls = [...new Set(routes.map((r) => concrete(r.url)))].sort();

describe('every registered path, in every method it lacks', () => {
  it('finds the whole app', () => {
    expect(urls.length).toBeGreaterThan(100);
    expect(urls).toEqual(expect.arrayContaining(['/api/users/p1', '/api/v1/devices', '/']));
  });

  it.each(urls)('%s', async (url) => {
    const allowed = allowedFor(url);
    const problems: string[] = [];
    for (const method of METHODS) {
      if (allowed.has(method) && method !== 'OPTIONS') continue;
      // A body the route would not read, and JSON that does not parse: neither is looked at.
      const options: InjectOptions = {
        method,
        url,
        ...(method === 'GET' || method === 'HEAD'
          ? {}
          : { payload: '{', headers: { 'content-type': 'application/json' } }),
      };
      const response = await ctx.app.inject(options);
      const got = allowHeader(response.headers.allow);
      const expectedStatus = method === 'OPTIONS' ? 204 : 405;
      if (response.statusCode !== expectedStatus)
        problems.push(`${method}: ${response.statusCode} (expected ${expectedStatus})`);
      if ([...got].sort().join() !== [...allowed].sort().join())
        problems.push(
          `${method}: Allow '${String(response.headers.allow)}', expected ${[...allowed].join(', ')}`,
        );
      if (method !== 'OPTIONS' && method !== 'HEAD') {
        const body = response.json<{ message?: unknown }>();
        if (typeof body.message !== 'string') problems.push(`${method}: body ${response.body}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('what is not a wrong method', () => {
  it.each<[Method, string]>([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/no-such-thing'],
    ['DELETE', '/api/users/1/2/3'],
    ['OPTIONS', '/api/no-such-thing'],
    ['PATCH', '/nowhere'],
  ])('a path no route has: %s %s is 404', async (method, url) => {
    const response = await ctx.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers.allow).toBeUndefined();
  });

  it('answers HEAD of a GET route as the GET, and a page of the PWA as before', async () => {
    const head = await ctx.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(200);
    const page = await ctx.app.inject({ method: 'GET', url: '/devices/42' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>PWA</title>');
  });

  it('still has the guard answer a registered method without a token', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/users/1', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
