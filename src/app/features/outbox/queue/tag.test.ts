import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { tagChange } from './tag';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('tagChange', () => {
  it('tags a change on an insecure origin, where browsers offer no crypto.randomUUID', () => {
    saveSession(loginFixture({ Id: 7 }));
    // Plain http on a LAN address: getRandomValues exists, randomUUID does not.
    const real = crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView>(array: T) => real.getRandomValues(array),
    });
    const first = tagChange({ deviceId: 5, imei: '358528110000005' }, 1_000);
    const second = tagChange({ deviceId: 5, imei: '358528110000005' }, 1_000);
    expect(first?.outbox.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(first?.outbox).toMatchObject({ userId: 7, createdAt: 1_000 });
    expect(second?.outbox.id).not.toBe(first?.outbox.id);
  });

  it('tags nothing when nobody is signed in', () => {
    expect(tagChange({ deviceId: 5, imei: '358528110000005' })).toBeNull();
  });
});
