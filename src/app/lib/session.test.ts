import { afterEach, describe, expect, it, vi } from 'vitest';
import { authFixture, loginFixture } from '@app/test/fixtures';
import {
  clearSession,
  isSessionValid,
  msUntilExpiry,
  msUntilRefresh,
  readSession,
  saveSession,
  subscribeSession,
} from './session';

afterEach(() => {
  localStorage.clear();
});

describe('session storage (spec 01 §3)', () => {
  it("keeps the token and the auth object under 'accessToken' and 'auth'", () => {
    const login = loginFixture();
    saveSession(login);
    expect(localStorage.getItem('accessToken')).toBe('token-123');
    expect(JSON.parse(localStorage.getItem('auth') ?? 'null')).toEqual(login.Auth);
    expect(readSession()).toEqual({ token: 'token-123', auth: login.Auth });
  });

  it('returns the same snapshot until storage changes', () => {
    saveSession(loginFixture());
    expect(readSession()).toBe(readSession());
  });

  it('reads missing, partial or corrupt storage as no session', () => {
    expect(readSession()).toBeNull();
    localStorage.setItem('accessToken', 't');
    expect(readSession()).toBeNull();
    localStorage.setItem('auth', '{not json');
    expect(readSession()).toBeNull();
    localStorage.setItem('auth', JSON.stringify({ Email: 'x' }));
    expect(readSession()).toBeNull();
  });

  it('clears both keys and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveSession(loginFixture());
    clearSession();
    unsubscribe();
    saveSession(loginFixture());
    expect(listener).toHaveBeenCalledTimes(2);
    clearSession();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
  });
});

describe('isSessionValid (10 s margin, spec 01 §4, §9)', () => {
  const now = Date.UTC(2026, 0, 1, 12);
  const expiringAt = (ms: number) => ({
    token: 't',
    auth: authFixture({ Expires: (now + ms) / 1000 }),
  });

  it('is valid until 10 seconds before Expires', () => {
    expect(isSessionValid(expiringAt(10_001), now)).toBe(true);
    expect(isSessionValid(expiringAt(10_000), now)).toBe(false);
    expect(isSessionValid(expiringAt(-5_000), now)).toBe(false);
    expect(msUntilExpiry(expiringAt(60_000), now)).toBe(50_000);
  });

  it('is invalid without a session', () => {
    expect(isSessionValid(null, now)).toBe(false);
  });
});

describe('msUntilRefresh (decision 023)', () => {
  const now = Date.UTC(2026, 0, 1, 12);
  const session = (token: string, ms: number) => ({
    token,
    auth: authFixture({ Expires: (now + ms) / 1000 }),
  });

  it('renews a minute before the token expires', () => {
    expect(msUntilRefresh(session('fifteen-minutes', 900_000), now)).toBe(840_000);
    expect(msUntilRefresh(session('expired', -5_000), now)).toBe(-5_000);
  });

  it('renews a short-lived token at three quarters of its life, not at once', () => {
    const short = session('twenty-seconds', 20_000);
    expect(msUntilRefresh(short, now)).toBe(15_000);
    // Later looks keep the same point in time.
    expect(msUntilRefresh(short, now + 10_000)).toBe(5_000);
  });
});
