import { describe, expect, it } from 'vitest';
import { createTokenService, type Caller } from './tokens';

describe('access tokens', () => {
  const tokens = createTokenService('tokens-test-secret-tokens-test-secret', 900);
  const caller: Caller = { userId: 7, role: 'User', customerId: 3, isReseller: false };

  it('are unique even when renewed within the same second', () => {
    const first = tokens.issue(caller, 'session-1');
    const second = tokens.issue(caller, 'session-1');
    expect(second.token).not.toBe(first.token);
    expect(tokens.verify(first.token)).toMatchObject({ userId: 7, sessionId: 'session-1' });
    expect(tokens.verify(second.token)).toMatchObject({ userId: 7, sessionId: 'session-1' });
  });
});
