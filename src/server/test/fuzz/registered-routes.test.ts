import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerOpenApi } from '@server/http/openapi';
import type { App } from '@server/http/types';
import { operationsOf, readOpenApi } from './operations';
import { normalizePath, registeredRoutes, undocumentedRoutes } from './registered-routes';

describe('undocumentedRoutes', () => {
  it('finds routes the OpenAPI document leaves out, hidden or registered before it', async () => {
    const app = Fastify() as unknown as App;
    app.get('/api/early/:id', () => 'registered before the document plugin');
    await registerOpenApi(app);
    app.get('/api/devices/:id', { schema: { tags: ['x'] } }, () => 'documented');
    app.post('/api/devices/:imei', { schema: { tags: ['x'] } }, () => 'documented');
    app.delete('/api/secret/:id', { schema: { hide: true } }, () => 'hidden');
    await app.ready();
    const operations = operationsOf(await readOpenApi(app));
    expect(registeredRoutes(app)).toEqual([
      'DELETE /api/secret/{}',
      'GET /api/devices/{}',
      'GET /api/early/{}',
      'POST /api/devices/{}',
    ]);
    expect(undocumentedRoutes(app, operations)).toEqual([
      'DELETE /api/secret/{}',
      'GET /api/early/{}',
    ]);
    await app.close();
  });

  it('compares paths whatever their parameters are called', () => {
    expect(normalizePath('/api/settings/:imei|:key|:id')).toBe('/api/settings/{}');
    expect(normalizePath('/api/settings/{key}/x')).toBe('/api/settings/{}/x');
  });
});
