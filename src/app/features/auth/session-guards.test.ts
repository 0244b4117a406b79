import { onlineManager, QueryClient } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession, saveSession } from '../../lib/session';
import { loginFixture } from '../../test/fixtures';
import {
  GUARD_REFRESH_WAIT_MS,
  isAdminAllowed,
  mustSignIn,
  safeReturnPath,
  signOut,
} from './session-guards';

const alert = vi.fn();
let queryClient: QueryClient;
const server = setupServer();
const refreshUrl = new URL('/api/auth/refresh', window.location.origin).toString();
let refreshes = 0;

/** The server's answer to a renewal: a new token, or `status`. */
function refreshAnswers(status = 200, wait = 0) {
  server.use(
    http.post(refreshUrl, async () => {
      refreshes++;
      await delay(wait);
      if (status !== 200) return HttpResponse.json({ message: 'ended' }, { status });
      return HttpResponse.json({ ...loginFixture(), AccessToken: 'renewed' });
    }),
  );
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
});

beforeEach(() => {
  vi.stubGlobal('alert', alert);
  queryClient = new QueryClient();
  queryClient.setQueryData(['cached'], 1);
});
afterEach(() => {
  server.resetHandlers();
  refreshes = 0;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  onlineManager.setOnline(true);
});

const expired = () => loginFixture({ Expires: Math.floor(Date.now() / 1000) - 60 });

describe('mustSignIn (the _authenticated guard)', () => {
  it('lets a valid session through without renewing it', async () => {
    saveSession(loginFixture());
    expect(await mustSignIn({ preload: false, queryClient })).toBe(false);
    expect(refreshes).toBe(0);
    expect(alert).not.toHaveBeenCalled();
  });

  it('sends a visitor without a session to /login without an alert', async () => {
    expect(await mustSignIn({ preload: false, queryClient })).toBe(true);
    expect(alert).not.toHaveBeenCalled();
  });

  it('renews an expired access token and lets the user through', async () => {
    refreshAnswers();
    saveSession(expired());
    expect(await mustSignIn({ preload: false, queryClient })).toBe(false);
    expect(readSession()?.token).toBe('renewed');
    expect(alert).not.toHaveBeenCalled();
  });

  it('ends the session when the renewal is refused: alert, cleared, cache dropped', async () => {
    refreshAnswers(401);
    saveSession(expired());
    expect(await mustSignIn({ preload: false, queryClient })).toBe(true);
    expect(alert).toHaveBeenCalledExactlyOnceWith('Your session has expired. Please log in.');
    expect(readSession()).toBeNull();
    expect(queryClient.getQueryData(['cached'])).toBeUndefined();
  });

  it('keeps the signed-in user offline, expired token and all', async () => {
    onlineManager.setOnline(false);
    saveSession(expired());
    expect(await mustSignIn({ preload: false, queryClient })).toBe(false);
    expect(refreshes).toBe(0);
    expect(readSession()).not.toBeNull();
    expect(queryClient.getQueryData(['cached'])).toBe(1);
  });

  it('does not hold navigation for a renewal the server is slow to answer', async () => {
    refreshAnswers(200, GUARD_REFRESH_WAIT_MS + 500);
    saveSession(expired());
    const started = Date.now();
    expect(await mustSignIn({ preload: false, queryClient })).toBe(false);
    expect(Date.now() - started).toBeLessThan(GUARD_REFRESH_WAIT_MS + 400);
    expect(alert).not.toHaveBeenCalled();
    // The renewal still lands afterwards.
    await vi.waitFor(
      () => {
        expect(readSession()?.token).toBe('renewed');
      },
      { timeout: 2_000 },
    );
  });

  it('stays silent and renews nothing while only preloading', async () => {
    saveSession(expired());
    expect(await mustSignIn({ preload: true, queryClient })).toBe(true);
    expect(refreshes).toBe(0);
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
