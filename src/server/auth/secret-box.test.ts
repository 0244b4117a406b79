import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('a-secrets-key-for-the-tests');

  it('seals to a different text each time and opens to the original', () => {
    const a = box.seal('hunter2 ü');
    const b = box.seal('hunter2 ü');
    expect(a).not.toBe(b);
    expect(a).not.toContain('hunter2');
    expect(box.isSealed(a)).toBe(true);
    expect(box.open(a)).toBe('hunter2 ü');
  });

  it('refuses another key, a tampered value and clear text', () => {
    const sealed = box.seal('secret');
    expect(() => createSecretBox('another-secrets-key-123').open(sealed)).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(box.isSealed('secret')).toBe(false);
    expect(() => box.open('secret')).toThrow();
  });
});
