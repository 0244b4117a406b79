import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('randomUuid', () => {
  it('makes RFC 9562 version 4 UUIDs, different every time', () => {
    const ids = Array.from({ length: 1_000 }, () => randomUuid());
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    for (const fill of [0x00, 0xff]) {
      vi.stubGlobal('crypto', {
        getRandomValues: <T extends ArrayBufferView>(array: T) => {
          new Uint8Array(array.buffer).fill(fill);
          return array;
        },
      });
      expect(randomUuid()).toMatch(V4);
    }
  });

  it('works where the browser has no crypto.randomUUID (plain http on a LAN address)', () => {
    // What a browser exposes on an insecure origin: getRandomValues, but no randomUUID.
    const real = crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView>(array: T) => real.getRandomValues(array),
    });
    expect('randomUUID' in crypto).toBe(false);
    expect(randomUuid()).toMatch(V4);
  });
});
