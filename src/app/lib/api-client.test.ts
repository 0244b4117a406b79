import { onlineManager } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { toast } from './toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, REQUEST_TIMEOUT_MS } from './api-client';
import { ApiError, ForbiddenError, InvalidJsonError, NotFoundError } from './api-errors';
import { stopProbing } from './connectivity';
import { apiUrl, refreshAnswers, startApiServer } from '@app/test/api-server';
import { saveSession } from './session';
import { setExpiryNavigation } from './session-expiry';

vi.mock('./toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const url = apiUrl;
const server = startApiServer();

/** Texts of the failure toasts, in order. */
const errorToasts = () => vi.mocked(toast.error).mock.calls.map(([message]) => message);

const respond = (response: () => Response) => {
  server.use(http.get(url('things'), response));
};

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

  it('reads a file as bytes with blob(), with the bearer token', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(url('files/7'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse(new Uint8Array([0x76, 0x21, 0x00, 0xff]), {
          headers: { 'Content-Type': 'application/octet-stream' },
        });
      }),
    );
    const blob = await api.blob('files/7');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x76, 0x21, 0x00, 0xff]);
    expect(authorization).toBe('Bearer tok-1');
  });

  it('sends a FormData body as multipart, as it is, with the token; JSON bodies stay JSON', async () => {
    const seen: { type: string | null; authorization: string | null; parts: [string, string][] } = {
      type: null,
      authorization: null,
      parts: [],
    };
    server.use(
      http.post(url('uploads'), async ({ request }) => {
        seen.type = request.headers.get('Content-Type');
        seen.authorization = request.headers.get('Authorization');
        const data = await request.formData();
        for (const [name, value] of data.entries()) {
          seen.parts.push([
            name,
            typeof value === 'string' ? value : `${value.name}:${await value.text()}`,
          ]);
        }
        return HttpResponse.json({ Id: 3 });
      }),
      http.put(url('uploads/3'), async ({ request }) =>
        HttpResponse.json({
          type: request.headers.get('Content-Type'),
          body: await request.json(),
        }),
      ),
    );
    const body = new FormData();
    body.append('Name', 'Volvo FH');
    body.append('Config', new File(['abc'], 'a.tlqs'), 'a.tlqs');
    await expect(api.post('uploads', body)).resolves.toEqual({ Id: 3 });
    expect(seen.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.authorization).toBe('Bearer tok-1');
    expect(seen.parts).toEqual([
      ['Name', 'Volvo FH'],
      ['Config', 'a.tlqs:abc'],
    ]);
    await expect(api.put('uploads/3', { Name: 'x' })).resolves.toEqual({
      type: 'application/json',
      body: { Name: 'x' },
    });
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

  it('raises the response text of a 400 without a message, toasting only its errors', async () => {
    const text = JSON.stringify({ errors: { Name: 'Name is required' } });
    respond(() => new HttpResponse(text, { status: 400 }));
    await expect(api.get('things')).rejects.toThrow(text);
    expect(errorToasts()).toEqual(['API call failed. Name is required']);
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

  it('raises a NotFoundError with the server message for a 404 (missing or another tenant)', async () => {
    respond(() => HttpResponse.json({ message: 'Device not found' }, { status: 404 }));
    const error: unknown = await api.get('things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, message: 'Device not found' });
    expect(errorToasts()).toEqual(['API call failed. Device not found']);
  });

  it("says 'Not found' for a 404 without a message", async () => {
    respond(() => new HttpResponse('<html>nothing here', { status: 404 }));
    const error: unknown = await api.get('things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, message: 'Not found' });
  });

  it('raises a ForbiddenError for a 403, an ApiError like any other', async () => {
    respond(() => HttpResponse.json({ message: 'Viewers are read-only' }, { status: 403 }));
    const error: unknown = await api.get('things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Viewers are read-only' });
    expect(errorToasts()).toEqual(['API call failed. Viewers are read-only']);
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
    const refreshes = refreshAnswers(server, 401);
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
