import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { toast } from './toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { stopProbing } from './connectivity';
import { apiUrl, refreshAnswers, signedIn, startApiServer } from '@app/test/api-server';
import { readSession, saveSession } from './session';
import { setExpiryNavigation } from './session-expiry';

vi.mock('./toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const url = apiUrl;
const server = startApiServer();

const respond = (response: () => Response) => {
  server.use(http.get(url('things'), response));
};

describe('access-token renewal (decision 023)', () => {
  const alert = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('alert', alert);
    setExpiryNavigation(vi.fn());
  });

  /** Accepts only `token`; records the Authorization of every call. */
  function acceptOnly(token: string) {
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('things'), ({ request }) => {
        const authorization = request.headers.get('Authorization');
        seen.push(authorization);
        return authorization === `Bearer ${token}`
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'Authentication required' }, { status: 401 });
      }),
    );
    return seen;
  }

  it('renews the token once on a 401 and repeats the call with the new one', async () => {
    saveSession(signedIn('revoked-or-old'));
    const refreshes = refreshAnswers(server);
    const seen = acceptOnly('renewed-1');
    await expect(api.get('things')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer revoked-or-old', 'Bearer renewed-1']);
    expect(refreshes.count).toBe(1);
    expect(readSession()?.token).toBe('renewed-1');
    expect(alert).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shares one renewal among concurrent 401s', async () => {
    saveSession(signedIn('old'));
    const refreshes = refreshAnswers(server, { delayMs: 50 });
    acceptOnly('renewed-1');
    const answers = await Promise.all([api.get('things'), api.get('things'), api.get('things')]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshes.count).toBe(1);
  });

  it('renews an expired token before the call instead of earning a 401', async () => {
    saveSession(signedIn('expired', -30));
    const refreshes = refreshAnswers(server);
    const seen = acceptOnly('renewed-1');
    await expect(api.get('things')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer renewed-1']);
    expect(refreshes.count).toBe(1);
  });

  it('offline, sends nothing to renew and keeps the signed-in user', async () => {
    saveSession(signedIn('expired', -30));
    const refreshes = refreshAnswers(server);
    onlineManager.setOnline(false);
    try {
      respond(() => HttpResponse.error());
      await expect(api.get('things', { notify: false })).rejects.toMatchObject({ status: 0 });
      expect(refreshes.count).toBe(0);
      expect(readSession()?.token).toBe('expired');
      expect(alert).not.toHaveBeenCalled();
    } finally {
      stopProbing();
      onlineManager.setOnline(true);
    }
  });

  it('treats a renewal without an answer as no answer: status 0, the session stays', async () => {
    saveSession(signedIn('old'));
    server.use(
      http.post(url('auth/refresh'), () => HttpResponse.error()),
      http.get(url('health'), () => HttpResponse.error()),
    );
    acceptOnly('never');
    try {
      await expect(api.get('things', { notify: false })).rejects.toMatchObject({ status: 0 });
      expect(readSession()?.token).toBe('old');
      expect(alert).not.toHaveBeenCalled();
    } finally {
      stopProbing();
      onlineManager.setOnline(true);
    }
  });

  it('ends the session when the renewed token is refused too', async () => {
    saveSession(signedIn('old'));
    const refreshes = refreshAnswers(server);
    acceptOnly('never');
    await expect(api.get('things')).rejects.toMatchObject({ status: 401 });
    expect(refreshes.count).toBe(1);
    expect(alert).toHaveBeenCalledOnce();
    expect(readSession()).toBeNull();
  });
});
