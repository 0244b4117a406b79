import { describe, expect, it } from 'vitest';
import { createTokenService } from '@server/auth/tokens';
import { admit, assertHubAccess, readCaller, type HubAuthenticator } from './auth';
import { CALLERS } from '@server/test/hub';
import type { HubDefinition } from './types';

const hub: HubDefinition = { path: '/x', methods: {} };
const tokens = createTokenService('auth-test-secret-long-enough-for-hs256', 60);
// Sessions are the authenticator's business; here only the user's is over.
const ended = new Set([CALLERS.user.userId]);
const auth: HubAuthenticator = {
  authenticate: (token) => {
    const claims = tokens.verify(token);
    return Promise.resolve(claims && !ended.has(claims.userId) ? claims : null);
  },
};

describe('hub auth', () => {
  it('reads the bearer header first, the query token otherwise', async () => {
    const admin = tokens.issue(CALLERS.admin, 's1').token;
    const viewer = tokens.issue(CALLERS.viewer, 's2').token;
    expect((await readCaller(auth, `Bearer ${admin}`, viewer))?.userId).toBe(1);
    expect((await readCaller(auth, undefined, viewer))?.userId).toBe(4);
    expect(await readCaller(auth, 'Basic abc')).toBeNull();
    expect(await readCaller(auth, 'Bearer not-a-token')).toBeNull();
  });

  it('asks the session-aware check: a token whose session ended is no caller', async () => {
    const user = tokens.issue(CALLERS.user, 's3').token;
    expect(await readCaller(auth, `Bearer ${user}`)).toBeNull();
    expect(await readCaller(auth, undefined, user)).toBeNull();
  });

  it("refuses no caller (401), Viewers and callers the hub's rule refuses (403)", () => {
    expect(() => admit(null, hub)).toThrow(expect.objectContaining({ statusCode: 401 }));
    expect(() => admit(CALLERS.viewer, hub)).toThrow(expect.objectContaining({ statusCode: 403 }));
    const adminsOnly: HubDefinition = { ...hub, access: 'devices.credential' };
    expect(() => admit(CALLERS.user, adminsOnly)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(admit(CALLERS.admin, adminsOnly)).toBe(CALLERS.admin);
    expect(admit(CALLERS.user, hub)).toBe(CALLERS.user);
    // A rule that reads features cannot be a hub's: refused when the hub is registered.
    expect(() => {
      assertHubAccess({ ...hub, access: 'screens.tacho' });
    }).toThrow(/features/);
    expect(() => {
      assertHubAccess(adminsOnly);
    }).not.toThrow();
  });
});
