import { onlineManager } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, REQUEST_TIMEOUT_MS } from './api-client';
import { ApiError, InvalidJsonError } from './api-errors';
import { stopProbing } from './connectivity';
import { loginFixture } from '../test/fixtures';
import { readSession, saveSession } from './session';
import { setExpiryNavigation } from './session-expiry';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const url = (path: string) => new URL(`/api/${path}`, window.location.origin).toString();
const server = setupServer();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});
afterAll(() => {
  server.close();
});

/** Texts of the failure toasts, in order. */
const errorToasts = () => vi.mocked(toast.error).mock.calls.map(([message]) => message);

const respond = (response: () => Response) => {
  server.use(http.get(url('things'), response));
};

/** A signed-in user whose access token expires in `expiresIn` seconds. */
const signedIn = (AccessToken: string, expiresIn = 3600) => ({
  ...loginFixture({ Expires: Math.floor(Date.now() / 1000) + expiresIn }),
  AccessToken,
});

/** Answers `POST auth/refresh` with tokens renewed-1, renewed-2 … (or `status`); counts calls. */
function refreshAnswers(answer: number | { delayMs: number } = 200) {
  const calls = { count: 0 };
  server.use(
    http.post(url('auth/refresh'), async () => {
      calls.count++;
      if (typeof answer === 'number' && answer !== 200) {
        return HttpResponse.json({ message: 'Your session has ended.' }, { status: answer });
      }
      if (typeof answer === 'object') await delay(answer.delayMs);
      return HttpResponse.json(signedIn(`renewed-${calls.count}`, 900));
    }),
  );
  return calls;
}

describe('api client (spec 01 §8)', () => {
  beforeEach(() => {
    saveSession({
      AccessToken: 'tok-1',
      Auth: {
        Id: 1,
        Email: 'a@b.test',
        Customer: 'Acme',
        CustomerId: 1,
        Role: 'User',
        IsReseller: false,
        Features: [],
        Expires: Math.floor(Date.now() / 1000) + 3600,
      },
    });
  });

  it('parses a successful answer as JSON and sends the bearer token', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(url('things'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json([{ id: 1 }]);
      }),
    );
    await expect(api.get('things')).resolves.toEqual([{ id: 1 }]);
    expect(authorization).toBe('Bearer tok-1');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('toasts every entry of a 400 errors object and raises the message', async () => {
    respond(() =>
      HttpResponse.json(
        {
          errors: { Email: 'Email is required', Password: 'Password is required' },
          message: 'Bad',
        },
        { status: 400 },
      ),
    );
    const call = api.get('things');
    await expect(call).rejects.toThrow(ApiError);
    await expect(call).rejects.toThrow('Bad');
    expect(errorToasts()).toEqual([
      'API call failed. Email is required',
      'API call failed. Password is required',
      'API call failed. Bad',
    ]);
  });

  it('raises the response text of a 400 without a message', async () => {
    const text = JSON.stringify({ errors: { Name: 'Name is required' } });
    respond(() => new HttpResponse(text, { status: 400 }));
    await expect(api.get('things')).rejects.toThrow(text);
    expect(errorToasts()).toEqual([
      'API call failed. Name is required',
      `API call failed. ${text}`,
    ]);
  });

  it("turns an unparseable 400 body into 'Failed to parse JSON' and toasts Invalid JSON", async () => {
    respond(() => new HttpResponse('<html>oops', { status: 400 }));
    const error: unknown = await api.get('things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidJsonError);
    const { detail, message } = error as InvalidJsonError;
    expect(detail).not.toBe('');
    expect(message).toBe(`Failed to parse JSON: ${detail}`);
    expect(errorToasts()).toEqual([`API call failed. Invalid JSON: ${detail}`]);
  });

  it("answers any other failure with 'Network response was not ok.'", async () => {
    respond(() => HttpResponse.json({ message: 'Boom' }, { status: 500 }));
    await expect(api.get('things')).rejects.toThrow('Network response was not ok.');
    expect(errorToasts()).toEqual(['API call failed. Network response was not ok.']);
  });

  it('treats a connection failure like any other failure, after probing the server', async () => {
    let probed = false;
    server.use(
      http.get(url('health'), () => {
        probed = true;
        return HttpResponse.error();
      }),
    );
    respond(() => HttpResponse.error());
    await expect(api.get('things')).rejects.toThrow('Network response was not ok.');
    expect(errorToasts()).toEqual(['API call failed. Network response was not ok.']);
    // The server is gone, not just this call: the app is offline until a probe gets through.
    expect(probed).toBe(true);
    expect(onlineManager.isOnline()).toBe(false);
    stopProbing();
    onlineManager.setOnline(true);
  });

  it('gives up on a call that gets no answer, as on a lost connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get(url('health'), () => HttpResponse.error()));
    respond(() => delay('infinite') as unknown as Response);
    const call = api.get('things');
    const outcome = expect(call).rejects.toThrow('Network response was not ok.');
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await outcome;
    expect((await call.catch((error: unknown) => error)) as ApiError).toMatchObject({ status: 0 });
    expect(errorToasts()).toEqual(['API call failed. Network response was not ok.']);
    expect(onlineManager.isOnline()).toBe(false);
    stopProbing();
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  it("resolves 'No Results Found!' as an empty list without a toast", async () => {
    respond(() => HttpResponse.json({ message: 'No Results Found!' }, { status: 400 }));
    await expect(api.get('things')).resolves.toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('runs the expiry handling when a 401 meets a refused renewal: alert, cleared, /login', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const leave = vi.fn();
    setExpiryNavigation(leave);
    const refreshes = refreshAnswers(401);
    respond(() => HttpResponse.json({ message: 'Authentication required' }, { status: 401 }));
    await expect(api.get('things')).rejects.toMatchObject({
      message: 'Network response was not ok.',
      status: 401,
    });
    expect(refreshes.count).toBe(1);
    expect(alert).toHaveBeenCalledExactlyOnceWith('Your session has expired. Please log in.');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(leave).toHaveBeenCalledOnce();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends sign-in unauthenticated: its 401-free 400 is a normal failure', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.post(url('auth/login'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'Invalid email or password' }, { status: 400 });
      }),
    );
    await expect(
      api.post('auth/login', { Email: 'x@y.test', Password: 'z' }, { authenticated: false }),
    ).rejects.toThrow('Invalid email or password');
    expect(authorization).toBeNull();
    expect(errorToasts()).toEqual(['API call failed. Invalid email or password']);
  });

  it('stays quiet when a call is cancelled', async () => {
    respond(() => HttpResponse.json([]));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('things', { signal: controller.signal })).rejects.toThrow();
    expect(toast.error).not.toHaveBeenCalled();
  });
});

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
    const refreshes = refreshAnswers();
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
    const refreshes = refreshAnswers({ delayMs: 50 });
    acceptOnly('renewed-1');
    const answers = await Promise.all([api.get('things'), api.get('things'), api.get('things')]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshes.count).toBe(1);
  });

  it('renews an expired token before the call instead of earning a 401', async () => {
    saveSession(signedIn('expired', -30));
    const refreshes = refreshAnswers();
    const seen = acceptOnly('renewed-1');
    await expect(api.get('things')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer renewed-1']);
    expect(refreshes.count).toBe(1);
  });

  it('offline, sends nothing to renew and keeps the signed-in user', async () => {
    saveSession(signedIn('expired', -30));
    const refreshes = refreshAnswers();
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
    const refreshes = refreshAnswers();
    acceptOnly('never');
    await expect(api.get('things')).rejects.toMatchObject({ status: 401 });
    expect(refreshes.count).toBe(1);
    expect(alert).toHaveBeenCalledOnce();
    expect(readSession()).toBeNull();
  });
});
