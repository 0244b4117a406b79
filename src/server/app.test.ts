import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'fp-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Fleet Portal</title>');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  ctx = await createTestContext({ staticDir });
});
afterAll(() => ctx.close());

describe('the server', () => {
  it('reports health without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('accepts an optional trailing slash', async () => {
    expect((await ctx.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
  });

  it('serves the PWA with an SPA fallback for client routes', async () => {
    const page = await ctx.app.inject({ url: '/devices' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('never answers an /api path with the PWA', async () => {
    const response = await ctx.app.inject({ url: '/api/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/home/dashboard', '/api/auth/account/{id}']),
    );
    expect(JSON.stringify(doc.paths['/api/auth/login']?.post?.requestBody)).toContain('Email');
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers a malformed JSON body with 400 and a message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"Email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBeTruthy();
  });
});
