import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../test/fixtures';
import { clearSession, readSession, saveSession } from './session';
import { expireSession, setExpiryNavigation, useSessionExpiryTimer } from './session-expiry';

function Timer() {
  useSessionExpiryTimer();
  return null;
}

const alert = vi.fn();
const leave = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1, 12));
  vi.stubGlobal('alert', alert);
  setExpiryNavigation(leave);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
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

  it('fires 10 s before Expires while the app is open', () => {
    const expires = Date.now() + 60_000;
    saveSession(loginFixture({ Expires: expires / 1000 }));
    render(<Timer />);
    act(() => {
      vi.advanceTimersByTime(49_999);
    });
    expect(alert).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(alert).toHaveBeenCalledExactlyOnceWith('Your session has expired. Please log in.');
    expect(readSession()).toBeNull();
    expect(leave).toHaveBeenCalledOnce();
  });

  it('disarms when the user signs out first or the layout unmounts', () => {
    saveSession(loginFixture({ Expires: (Date.now() + 60_000) / 1000 }));
    render(<Timer />);
    act(() => {
      clearSession();
      vi.advanceTimersByTime(120_000);
    });
    expect(alert).not.toHaveBeenCalled();

    saveSession(loginFixture({ Expires: (Date.now() + 60_000) / 1000 }));
    cleanup();
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(alert).not.toHaveBeenCalled();
  });
});
