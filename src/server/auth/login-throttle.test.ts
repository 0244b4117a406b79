import { describe, expect, it } from 'vitest';
import { createLoginThrottle, LOGIN_LIMITS, type LoginThrottleLimits } from './login-throttle';

const OWNER = 'owner@x.test';

function setup(limits: Partial<LoginThrottleLimits> = {}) {
  let now = 1_000_000;
  const throttle = createLoginThrottle({ ...LOGIN_LIMITS, ...limits }, () => now);
  /** An attempt that fails: admitted (0) or told to wait (seconds). */
  const fail = (email: string, ip: string) => throttle.admit(email, ip);
  /** An attempt with the right password: admitted and recorded, or told to wait. */
  const succeed = (email: string, ip: string) => {
    const wait = throttle.admit(email, ip);
    if (wait === 0) throttle.recordSuccess(email, ip);
    return wait;
  };
  return { throttle, fail, succeed, advance: (ms: number) => (now += ms) };
}

describe('login throttle: hard limits', () => {
  it('blocks an (account, address) pair after five failures until the oldest leaves the window', () => {
    const { fail, advance } = setup();
    for (let i = 0; i < 5; i++) expect(fail('A@x.test', '192.0.2.1')).toBe(0);
    expect(fail('a@x.test', '192.0.2.1')).toBe(15 * 60);
    advance(5 * 60_000);
    expect(fail('a@x.test', '192.0.2.1')).toBe(10 * 60);
    advance(10 * 60_000 + 1);
    expect(fail('a@x.test', '192.0.2.1')).toBe(0);
  });

  it('blocks an address that sprays many accounts, not the accounts', () => {
    const { fail } = setup();
    for (let i = 0; i < 20; i++) expect(fail(`u${i}@x.test`, '192.0.2.1')).toBe(0);
    expect(fail('other@x.test', '192.0.2.1')).toBeGreaterThan(60);
    expect(fail('other@x.test', '192.0.2.2')).toBe(0);
  });

  it('counts an IPv6 /64 as one address, and IPv4-mapped addresses as IPv4', () => {
    const { fail } = setup();
    for (let i = 1; i <= 5; i++) expect(fail(OWNER, `2001:db8:1:2::${i}`)).toBe(0);
    expect(fail(OWNER, '2001:0db8:0001:0002:ffff:1:2:3')).toBeGreaterThan(60);
    expect(fail(OWNER, '2001:db8:1:3::1')).toBe(0);

    for (let i = 0; i < 5; i++) fail('b@x.test', '::ffff:198.51.100.7');
    expect(fail('b@x.test', '198.51.100.7')).toBeGreaterThan(60);
  });

  it('counts attempts still being verified, so concurrent guesses cannot slip past', () => {
    const { throttle } = setup();
    // Admitted but not yet answered: none of them has recorded anything else.
    const waits = Array.from({ length: 8 }, () => throttle.admit(OWNER, '192.0.2.1'));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });

  it('forgets the pair’s failures after its successful sign-in', () => {
    const { fail, succeed } = setup();
    for (let i = 0; i < 4; i++) fail(OWNER, '192.0.2.1');
    expect(succeed(OWNER, '192.0.2.1')).toBe(0);
    for (let i = 0; i < 5; i++) expect(fail(OWNER, '192.0.2.1')).toBe(0);
  });
});

describe('login throttle: an attacker cannot lock the owner out', () => {
  it('an attacker’s failures from one address never delay the owner at another', () => {
    const { fail, succeed } = setup();
    for (let i = 0; i < 100; i++) fail(OWNER, '203.0.113.9');
    expect(fail(OWNER, '203.0.113.9')).toBeGreaterThan(60);
    expect(succeed(OWNER, '198.51.100.1')).toBe(0);
  });

  it('slows unfamiliar addresses down, in turns of a few seconds, once an account is attacked', () => {
    const { fail, advance } = setup();
    // Six attacking addresses: the first five failures are free, then turns one second apart.
    for (let i = 0; i < 5; i++) expect(fail(OWNER, `203.0.113.${i}`)).toBe(0);
    expect(fail(OWNER, '203.0.113.5')).toBe(0); // the first turn is now
    expect(fail(OWNER, '203.0.113.6')).toBe(1);
    expect(fail(OWNER, '203.0.113.7')).toBe(2);
    expect(fail(OWNER, '203.0.113.6')).toBe(1); // still waiting for its booked turn
    advance(1_000);
    expect(fail(OWNER, '203.0.113.6')).toBe(0); // its turn
  });

  it('bounds an unfamiliar owner’s wait by 8 s per attacking address', () => {
    const { fail, succeed, advance } = setup();
    const attackers = Array.from({ length: 10 }, (_, i) => `203.0.113.${i}`);
    const waits: number[] = [];
    let owner: { ip: string; at: number } | undefined;
    // Every attacking address retries each second for 20 minutes; the owner signs
    // in from a new address every two minutes, comes back when told to, and must then get in.
    for (let second = 0; second < 1_200; second++) {
      for (const ip of attackers) fail(OWNER, ip);
      if (owner && owner.at === second) {
        expect(succeed(OWNER, owner.ip)).toBe(0);
        owner = undefined;
      }
      if (second % 120 === 30) {
        const ip = `198.51.100.${second % 250}`;
        const wait = succeed(OWNER, ip);
        waits.push(wait);
        if (wait > 0) owner = { ip, at: second + wait };
      }
      advance(1_000);
    }
    expect(Math.max(...waits)).toBeGreaterThan(0);
    // Each attacking address holds one turn at most; the owner's is after them and the current.
    expect(Math.max(...waits)).toBeLessThanOrEqual((attackers.length + 1) * 8);
  });

  it('never slows an address that signed in to the account before', () => {
    const { fail, succeed, advance } = setup();
    expect(succeed(OWNER, '198.51.100.1')).toBe(0);
    advance(60_000);
    for (let i = 0; i < 200; i++) fail(OWNER, `203.0.113.${i}`);
    for (let i = 0; i < 30; i++) fail(`other${i}@x.test`, '198.51.100.1'); // same address sprayed
    expect(fail(OWNER, '198.51.100.77')).toBeGreaterThan(0); // an unfamiliar address waits
    expect(succeed(OWNER, '198.51.100.1')).toBe(0);
  });

  it('keeps 50,000 entries of each kind, forgetting the least recently written first', () => {
    const { fail } = setup();
    expect(LOGIN_LIMITS.maxEntries).toBe(50_000);
    const flood = (from: number, to: number) => {
      for (let i = from; i < to; i++)
        fail(`u${i}@x.test`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    };
    for (let i = 0; i < 5; i++) fail(OWNER, '192.0.2.1');
    flood(0, 49_999);
    // Read (refused) again and again, never written: reading does not keep it.
    for (let i = 0; i < 3; i++) expect(fail(OWNER, '192.0.2.1')).toBeGreaterThan(60);
    flood(49_999, 50_000);
    expect(fail(OWNER, '192.0.2.1')).toBe(0);
  });

  it('keeps memory bounded under a flood of addresses and accounts', () => {
    const { throttle, fail } = setup({ maxEntries: 100 });
    for (let i = 0; i < 5_000; i++)
      fail(`u${i}@x.test`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(throttle.size()).toBeLessThanOrEqual(5 * 100);
  });
});
