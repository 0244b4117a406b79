import { describe, expect, it } from 'vitest';
import { createTokenService } from '../auth/tokens';
import { admit, readCaller } from './auth';
import { CALLERS } from './test-support';
import type { HubDefinition } from './types';

const hub: HubDefinition = { path: '/x', methods: {} };
const tokens = createTokenService('auth-test-secret-long-enough-for-hs256', 60);

describe('hub auth', () => {
  it('reads the bearer header first, the query token otherwise', () => {
    const admin = tokens.issue(CALLERS.admin).token;
    const user = tokens.issue(CALLERS.user).token;
    expect(readCaller(tokens, `Bearer ${admin}`, user)?.userId).toBe(1);
    expect(readCaller(tokens, undefined, user)?.userId).toBe(3);
    expect(readCaller(tokens, 'Basic abc')).toBeNull();
    expect(readCaller(tokens, 'Bearer not-a-token')).toBeNull();
  });

  it('refuses no caller (401), Viewers and unlisted roles (403)', () => {
    expect(() => admit(null, hub)).toThrow(expect.objectContaining({ statusCode: 401 }));
    expect(() => admit(CALLERS.viewer, hub)).toThrow(expect.objectContaining({ statusCode: 403 }));
    const adminsOnly = { ...hub, roles: ['Admin'] as const };
    expect(() => admit(CALLERS.user, adminsOnly)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(admit(CALLERS.admin, adminsOnly)).toBe(CALLERS.admin);
    expect(admit(CALLERS.user, hub)).toBe(CALLERS.user);
  });
});
