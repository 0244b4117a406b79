import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  endServerSession,
  finishPendingLogout,
  forgetPendingLogout,
  PENDING_LOGOUT_KEY,
} from './logout';

const server = setupServer();
const logoutUrl = new URL('/api/auth/logout', window.location.origin).toString();

/** Records the Authorization header of every logout call ('' for none). */
function recordLogouts(status = 204) {
  const calls: string[] = [];
  server.use(
    http.post(logoutUrl, ({ request }) => {
      calls.push(request.headers.get('Authorization') ?? '');
      return new HttpResponse(null, { status });
    }),
  );
  return calls;
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  forgetPendingLogout();
  onlineManager.setOnline(true);
});
afterAll(() => {
  server.close();
});

describe('logout on the server (decision 023)', () => {
  it('ends the session of the token it is given', async () => {
    const calls = recordLogouts();
    await endServerSession('token-1');
    expect(calls).toEqual(['Bearer token-1']);
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
  });

  it('offline, sends nothing now and ends the session by its cookie once back online', async () => {
    const calls = recordLogouts();
    onlineManager.setOnline(false);
    await endServerSession('token-1');
    expect(calls).toEqual([]);
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBe('1');

    onlineManager.setOnline(true);
    await vi.waitFor(() => {
      expect(calls).toEqual(['']);
    });
    await vi.waitFor(() => {
      expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
    });
  });

  it('owes the logout when the server does not answer, also across a reload', async () => {
    server.use(http.post(logoutUrl, () => HttpResponse.error()));
    await endServerSession('token-1');
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBe('1');

    const calls = recordLogouts();
    await finishPendingLogout();
    expect(calls).toEqual(['']);
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
  });

  it('forgets an owed logout at the next sign-in, which replaced the cookie', async () => {
    const calls = recordLogouts();
    onlineManager.setOnline(false);
    await endServerSession('token-1');
    forgetPendingLogout();
    onlineManager.setOnline(true);
    await finishPendingLogout();
    expect(calls).toEqual([]);
  });
});
