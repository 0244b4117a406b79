import { describe, expect, it } from 'vitest';
import { useApiContext, ADMIN, deviceOf, USER } from '@server/test/api';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextFields } from './unstorable-text';

describe('unstorableTextFields', () => {
  it('names the fields with NUL or unpaired surrogates, nested ones by dotted path', () => {
    expect(
      unstorableTextFields({
        note: 'a\u0000b',
        list: ['ok', '\ud800'],
        deep: { text: 'x\udfff' },
        fine: 'Truck \ud83d\ude9a ß',
      }),
    ).toEqual({
      note: UNSTORABLE_TEXT_MESSAGE,
      'list.1': UNSTORABLE_TEXT_MESSAGE,
      'deep.text': UNSTORABLE_TEXT_MESSAGE,
    });
    expect(unstorableTextFields({ a: ['fine', { b: 'fine' }], n: 1, z: null })).toBeUndefined();
  });

  it("reports a bad key on its object and a field named 'constructor' as itself", () => {
    expect(unstorableTextFields({ outer: { 'k\u0000': 1 } })).toEqual({
      outer: UNSTORABLE_TEXT_MESSAGE,
    });
    expect(Object.entries(unstorableTextFields({ constructor: '\u0000' }) ?? {})).toEqual([
      ['constructor', UNSTORABLE_TEXT_MESSAGE],
    ]);
  });

  it('walks nesting deeper than the call stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + '"\\u0000"' + ']'.repeat(100_000)) as unknown;
    expect(Object.values(unstorableTextFields(deep) ?? {})).toEqual([UNSTORABLE_TEXT_MESSAGE]);
  });
});

describe('text PostgreSQL cannot store is a 400 on every route', () => {
  const api = useApiContext();

  it('refuses a NUL in a search (path) and in a cursor (query)', async () => {
    const search = await api.call(USER, 'GET', 'devices/search/IMEI/%00');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ errors: { text: UNSTORABLE_TEXT_MESSAGE } });
    const query = await api.call(USER, 'GET', 'devices/search/SN/a?after=1%00');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ errors: { after: UNSTORABLE_TEXT_MESSAGE } });
  });

  it('refuses a NUL or an unpaired surrogate in a note and keeps other text', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    for (const note of ['before\u0000after', 'half \ud83d pair']) {
      const response = await api.call(USER, 'POST', 'devices/note', { imei: device.imei, note });
      expect(response.statusCode, JSON.stringify(note)).toBe(400);
      expect(response.json()).toEqual({ errors: { note: UNSTORABLE_TEXT_MESSAGE } });
    }
    const kept = await api.call(USER, 'POST', 'devices/note', {
      imei: device.imei,
      note: 'Bus 🚌 Ærø',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<{ Note: string }>().Note).toBe('Bus 🚌 Ærø');
  });

  it('refuses prototype poisoning in JSON bodies (Fastify’s parser)', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    for (const payload of [
      `{"imei":"${device.imei}","note":"x","__proto__":{"polluted":true}}`,
      `{"imei":"${device.imei}","note":"x","constructor":{"prototype":{"polluted":true}}}`,
    ]) {
      const response = await api.ctx.app.inject({
        method: 'POST',
        url: '/api/devices/note',
        headers: { ...(await api.ctx.authHeader(ADMIN)), 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json<{ message: string }>().message).toBe('string');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
