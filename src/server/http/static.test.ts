import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStatic } from './static';

// Issue 25: the build's source maps were public (/assets/*.js.map → 200).
describe('the built PWA’s files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-static-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1);\n');
    for (const name of ['index-abc.js.map', 'index-abc.js.map.br', 'index-abc.js.map.gz'])
      writeFileSync(path.join(dir, 'assets', name), '{"version":3,"sources":["secret.ts"]}');
    app = Fastify();
    await registerStatic(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('serves the scripts, and the page for client routes', async () => {
    expect((await get('/assets/index-abc.js')).statusCode).toBe(200);
    const page = await get('/devices/1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>portal</title>');
  });

  it('never serves a source map, in any encoding', async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const response = await get('/assets/index-abc.js.map', { 'accept-encoding': encoding });
      expect(response.statusCode, encoding).toBe(404);
      expect(response.body).not.toContain('secret.ts');
    }
    expect((await get('/assets/index-abc.js.map.br')).statusCode).toBe(404);
  });

  it('answers a missing asset 404, not with the page', async () => {
    const response = await get('/assets/gone-123.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>');
  });
});
