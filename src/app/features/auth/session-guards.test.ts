import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession, saveSession } from '../../lib/session';
import { loginFixture } from '../../test/fixtures';
import { isAdminAllowed, mustSignIn, safeReturnPath, signOut } from './session-guards';

const alert = vi.fn();
let queryClient: QueryClient;

beforeEach(() => {
  vi.stubGlobal('alert', alert);
  queryClient = new QueryClient();
  queryClient.setQueryData(['cached'], 1);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const expired = () => loginFixture({ Expires: Math.floor(Date.now() / 1000) - 60 });

describe('mustSignIn (the _authenticated guard)', () => {
  it('lets a valid session through', () => {
    saveSession(loginFixture());
    expect(mustSignIn({ preload: false, queryClient })).toBe(false);
    expect(alert).not.toHaveBeenCalled();
  });

  it('sends a visitor without a session to /login without an alert', () => {
    expect(mustSignIn({ preload: false, queryClient })).toBe(true);
    expect(alert).not.toHaveBeenCalled();
  });

  it('ends an expired session: alert, cleared, cache dropped', () => {
    saveSession(expired());
    expect(mustSignIn({ preload: false, queryClient })).toBe(true);
    expect(alert).toHaveBeenCalledExactlyOnceWith('Your session has expired. Please log in.');
    expect(readSession()).toBeNull();
    expect(queryClient.getQueryData(['cached'])).toBeUndefined();
  });

  it('stays silent while only preloading', () => {
    saveSession(expired());
    expect(mustSignIn({ preload: true, queryClient })).toBe(true);
    expect(alert).not.toHaveBeenCalled();
    expect(readSession()).not.toBeNull();
  });
});

describe('isAdminAllowed (the admin guard)', () => {
  it('admits admins', () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    expect(isAdminAllowed({ preload: false })).toBe(true);
  });

  it("alerts everyone else with the spec's text", () => {
    saveSession(loginFixture({ Role: 'User', IsReseller: true }));
    expect(isAdminAllowed({ preload: false })).toBe(false);
    expect(alert).toHaveBeenCalledExactlyOnceWith("Hey! You're not allowed here!");
    expect(isAdminAllowed({ preload: true })).toBe(false);
    expect(alert).toHaveBeenCalledOnce();
  });
});

describe('signOut and safeReturnPath', () => {
  it('clears the session and every cached query', () => {
    saveSession(loginFixture());
    signOut(queryClient);
    expect(readSession()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('follows only same-app paths after sign-in', () => {
    expect(safeReturnPath('/devices?x=1')).toBe('/devices?x=1');
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath('//evil.test/x')).toBe('/');
    expect(safeReturnPath('https://evil.test')).toBe('/');
    expect(safeReturnPath('/logout')).toBe('/');
  });
});
