import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './support/portal';

// Issue 25: the build's source maps were served to anyone (/assets/*.js.map → 200). The real
// build (dist/) through the real server: no script names its map, no map is served.
describe('the built PWA’s source maps', () => {
  let portal: Portal | undefined;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('are neither linked from the scripts nor served', async () => {
    const base = portal?.baseUrl ?? '';
    const page = await (await fetch(new URL('login', base))).text();
    const scripts = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const response = await fetch(new URL(script ?? '', base));
      expect(response.status, script).toBe(200);
      expect(await response.text(), script).not.toContain('sourceMappingURL');
      for (const encoding of ['identity', 'gzip', 'br']) {
        const map = await fetch(new URL(`${script ?? ''}.map`, base), {
          headers: { 'accept-encoding': encoding },
        });
        expect(map.status, `${script ?? ''}.map (${encoding})`).toBe(404);
        await map.body?.cancel();
      }
    }
  });
});
