import { onlineManager, QueryClient } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '@shared/access/auth';
import { readSession, saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import {
  GUARD_REFRESH_WAIT_MS,
  mayOpen,
  mustSignIn,
  safeReturnPath,
  signOut,
} from './session-guards';

type GuardedAction = Parameters<typeof mayOpen>[0];

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

describe('mayOpen (screen guards from the permission table)', () => {
  // The four demo logins, and what spec 01 §2.1–2.2 and 02 §6 let each open.
  const roles: Record<'admin' | 'reseller' | 'user' | 'viewer', Partial<Auth>> = {
    admin: { Role: 'Admin', IsReseller: false },
    reseller: { Role: 'User', IsReseller: true },
    user: { Role: 'User', IsReseller: false, Features: ['Tacho Download'] },
    viewer: { Role: 'Viewer', IsReseller: false, Features: ['Tacho Download'] },
  };
  const expected: [GuardedAction, Record<keyof typeof roles, boolean>][] = [
    ['screens.admin', { admin: true, reseller: false, user: false, viewer: false }],
    ['screens.library', { admin: true, reseller: false, user: false, viewer: false }],
    ['deviceTests.run', { admin: true, reseller: true, user: false, viewer: false }],
    // Auth Server: admins with the Tacho Download feature (the demo admin lacks it).
    ['screens.authServers', { admin: false, reseller: false, user: false, viewer: false }],
  ];

  it.each(expected)('%s opens for exactly the allowed demo roles', (action, allowed) => {
    for (const [name, auth] of Object.entries(roles)) {
      saveSession(loginFixture(auth));
      expect(mayOpen(action, { preload: false }), name).toBe(allowed[name as keyof typeof roles]);
    }
  });

  it("alerts everyone turned away with the spec's text, never while preloading", () => {
    saveSession(loginFixture({ Role: 'User', IsReseller: true }));
    expect(mayOpen('screens.admin', { preload: false })).toBe(false);
    expect(alert).toHaveBeenCalledExactlyOnceWith("Hey! You're not allowed here!");
    expect(mayOpen('screens.admin', { preload: true })).toBe(false);
    expect(alert).toHaveBeenCalledOnce();
  });

  it('admits an admin with the feature to the Auth Server list, silently', () => {
    saveSession(loginFixture({ Role: 'Admin', Features: ['Tacho Download'] }));
    expect(mayOpen('screens.authServers', { preload: false })).toBe(true);
    expect(alert).not.toHaveBeenCalled();
  });

  it('turns away a visitor without a session', () => {
    expect(mayOpen('session', { preload: false })).toBe(false);
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
