import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '@server/test/harness';
import { registerSecurityHeaders } from './security-headers';

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  // WebAssembly (the label scanner's reader) may compile; JavaScript eval() stays refused.
  expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(directives.get('script-src-attr')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('form-action')).toEqual(["'self'"]);
  expect(csp).not.toContain('upgrade-insecure-requests'); // would break the portal over http
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  });
  const policy = String(response.headers['permissions-policy']).split(', ');
  for (const feature of ['microphone', 'geolocation', 'payment', 'usb'])
    expect(policy).toContain(`${feature}=()`);
  // The camera scans device labels, for this origin only (not for anything embedded).
  expect(policy).toContain('camera=(self)');
  expect(policy.filter((p) => p.startsWith('camera='))).toHaveLength(1);
  // Over plain http, HSTS means nothing to browsers: it is only sent over https.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  let ctx: TestContext;
  const staticDir = mkdtempSync(path.join(tmpdir(), 'fp-headers-'));
  beforeAll(async () => {
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Fleet Portal</title>');
    writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    ctx = await createTestContext({ staticDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('on the PWA’s HTML, which keeps its revalidation', async () => {
    for (const url of ['/', '/devices/5']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('on a built asset, which keeps its long caching', async () => {
    const response = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('on an authenticated API answer, which no cache may keep', async () => {
    const response = await ctx.app.inject({
      url: '/api/home/dashboard',
      headers: await ctx.authHeader('user@demo.test'),
    });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('on a 401 and on an unknown API path', async () => {
    for (const url of ['/api/home/dashboard', '/api/nothing-here']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(url.endsWith('dashboard') ? 401 : 404);
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('on the API documentation', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/static/index.html' });
    expectSecurityHeaders(response);
  });
});

describe('Strict-Transport-Security', () => {
  const appBehind = async (trustProxy: boolean, strictTransportSecurity?: boolean) => {
    const app = Fastify({ trustProxy });
    await registerSecurityHeaders(app, { strictTransportSecurity });
    app.get('/', (_request, reply) => reply.send('ok'));
    return app;
  };
  const overHttps = (host: string) => ({
    url: '/',
    headers: { host, 'x-forwarded-proto': 'https' },
  });

  it('is sent over https, as a trusted proxy reports it', async () => {
    const app = await appBehind(true);
    const response = await app.inject(overHttps('portal.example.com'));
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    await app.close();
  });

  it('is not sent when a client that is no trusted proxy claims https', async () => {
    const app = await appBehind(false);
    const response = await app.inject(overHttps('portal.example.com'));
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  // A browser keeps HSTS per name whatever the port: on localhost it would turn the developer's
  // other local servers to https for a year (decision 068).
  it('is never sent to a loopback name', async () => {
    const app = await appBehind(true);
    for (const host of [
      'localhost:8080',
      'LOCALHOST',
      'fleet.localhost',
      '127.0.0.1:8080',
      '[::1]:8080',
    ]) {
      const response = await app.inject(overHttps(host));
      expect(response.headers['strict-transport-security'], host).toBeUndefined();
    }
    await app.close();
  });

  it('is not sent with a certificate the server made for itself (a LAN try-out)', async () => {
    const app = await appBehind(true, false);
    const response = await app.inject(overHttps('portal.example.com'));
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });
});
