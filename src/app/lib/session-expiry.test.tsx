import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '@app/test/fixtures';
import { clearSession, readSession, saveSession } from './session';
import { expireSession, setExpiryNavigation, useSessionRenewal } from './session-expiry';

function Renewal() {
  useSessionRenewal();
  return null;
}

const url = (path: string) => new URL(`/api/${path}`, window.location.origin).toString();
const server = setupServer();
const alert = vi.fn();
const leave = vi.fn();
const NOW = Date.UTC(2026, 0, 1, 12);
const inSeconds = (seconds: number) => NOW / 1000 + seconds;

/** Answers refreshes with a token 15 minutes ahead (or `status`); counts them. */
function refreshAnswers(status = 200) {
  const calls = { count: 0 };
  server.use(
    http.post(url('auth/refresh'), () => {
      calls.count++;
      if (status !== 200) return HttpResponse.json({ message: 'ended' }, { status });
      const login = loginFixture({ Expires: Math.floor(Date.now() / 1000) + 900 });
      return HttpResponse.json({ ...login, AccessToken: `renewed-${calls.count}` });
    }),
  );
  return calls;
}

/** Lets timers, the refresh's fetch and React's updates run. */
const settle = async (ms = 0) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    await vi.waitFor(() => Promise.resolve());
  });
};

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal('alert', alert);
  setExpiryNavigation(leave);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
  onlineManager.setOnline(true);
});
afterAll(() => {
  server.close();
});

describe('session expiry (spec 01 §4, §8)', () => {
  it('alerts, clears the session and leaves for /login once', () => {
    saveSession(loginFixture());
    expireSession();
    expireSession();
    expect(alert).toHaveBeenCalledExactlyOnceWith('Your session has expired. Please log in.');
    expect(readSession()).toBeNull();
    expect(leave).toHaveBeenCalledOnce();
  });
});

describe('session renewal (decision 023)', () => {
  it('renews the access token a minute before it expires, again and again', async () => {
    const refreshes = refreshAnswers();
    saveSession(loginFixture({ Expires: inSeconds(900) }));
    render(<Renewal />);
    await settle(839_000);
    expect(refreshes.count).toBe(0);
    await settle(1_000);
    expect(refreshes.count).toBe(1);
    expect(readSession()?.token).toBe('renewed-1');
    // The renewed token is renewed in its turn.
    await settle(840_000);
    expect(refreshes.count).toBe(2);
    expect(readSession()?.token).toBe('renewed-2');
    expect(alert).not.toHaveBeenCalled();
  });

  it('ends the session with the expiry alert only when the renewal is refused (401)', async () => {
    refreshAnswers(401);
    saveSession(loginFixture({ Expires: inSeconds(-5) }));
    render(<Renewal />);
    await settle();
    await vi.waitFor(() => {
      expect(alert).toHaveBeenCalledExactlyOnceWith('Your session has expired. Please log in.');
    });
    expect(readSession()).toBeNull();
    expect(leave).toHaveBeenCalledOnce();
  });

  it('keeps the signed-in user offline past the expiry, and renews once back online', async () => {
    const refreshes = refreshAnswers();
    onlineManager.setOnline(false);
    saveSession(loginFixture({ Expires: inSeconds(120) }));
    render(<Renewal />);
    await settle(3_600_000);
    expect(refreshes.count).toBe(0);
    expect(alert).not.toHaveBeenCalled();
    expect(readSession()?.token).toBe('token-123');

    act(() => {
      onlineManager.setOnline(true);
    });
    await settle();
    await vi.waitFor(() => {
      expect(readSession()?.token).toBe('renewed-1');
    });
    expect(refreshes.count).toBe(1);
    expect(alert).not.toHaveBeenCalled();
  });

  it('keeps the session when the server cannot renew (5xx) and tries again later', async () => {
    const refreshes = refreshAnswers(503);
    saveSession(loginFixture({ Expires: inSeconds(-5) }));
    render(<Renewal />);
    await settle();
    await vi.waitFor(() => {
      expect(refreshes.count).toBe(1);
    });
    await settle(30_000);
    await vi.waitFor(() => {
      expect(refreshes.count).toBe(2);
    });
    expect(readSession()?.token).toBe('token-123');
    expect(alert).not.toHaveBeenCalled();
  });

  it('disarms when the user signs out first or the layout unmounts', async () => {
    const refreshes = refreshAnswers();
    saveSession(loginFixture({ Expires: inSeconds(120) }));
    render(<Renewal />);
    act(() => {
      clearSession();
    });
    await settle(3_600_000);
    saveSession(loginFixture({ Expires: inSeconds(3_700) }));
    render(<Renewal />);
    cleanup();
    await settle(3_600_000);
    expect(refreshes.count).toBe(0);
    expect(alert).not.toHaveBeenCalled();
  });
});
