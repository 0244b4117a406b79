import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and a per-hash salt', async () => {
    const a = await hashPassword('demo1234');
    const b = await hashPassword('demo1234');
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only, and never throws on a broken hash', async () => {
    const stored = await hashPassword('demo1234');
    expect(await verifyPassword(stored, 'demo1234')).toBe(true);
    expect(await verifyPassword(stored, 'demo12345')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'demo1234')).toBe(false);
  });
});
