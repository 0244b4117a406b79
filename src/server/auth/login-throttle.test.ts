import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle';

describe('login throttle', () => {
  const setup = () => {
    let now = 1_000_000;
    const throttle = createLoginThrottle(
      { perAccount: 3, perAddress: 5, windowMs: 60_000 },
      () => now,
    );
    return { throttle, advance: (ms: number) => (now += ms) };
  };

  it('blocks an account after its limit and tells how long to wait', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 3; i++) throttle.recordFailure('A@x.test', `ip${i}`);
    expect(throttle.retryAfter('a@x.test', 'ip9')).toBe(60);
    advance(30_000);
    expect(throttle.retryAfter('a@x.test', 'ip9')).toBe(30);
    advance(30_001);
    expect(throttle.retryAfter('a@x.test', 'ip9')).toBe(0);
  });

  it('blocks an address across accounts', () => {
    const { throttle } = setup();
    for (let i = 0; i < 5; i++) throttle.recordFailure(`u${i}@x.test`, 'ip1');
    expect(throttle.retryAfter('other@x.test', 'ip1')).toBeGreaterThan(0);
    expect(throttle.retryAfter('other@x.test', 'ip2')).toBe(0);
  });

  it('forgets an account’s failures after a successful sign-in', () => {
    const { throttle } = setup();
    throttle.recordFailure('a@x.test', 'ip1');
    throttle.recordFailure('a@x.test', 'ip1');
    throttle.recordSuccess('a@x.test');
    throttle.recordFailure('a@x.test', 'ip1');
    expect(throttle.retryAfter('a@x.test', 'ip1')).toBe(0);
  });
});
