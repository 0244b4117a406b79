import { onlineManager } from '@tanstack/react-query';
import { toast } from './toast';
import { API_BASE } from '@shared/api/api-paths';
import {
  ApiError,
  ForbiddenError,
  InvalidJsonError,
  NotFoundError,
  NETWORK_ERROR_MESSAGE,
  NO_RESULTS_MESSAGE,
  failedToast,
  isAbortError,
} from './api-errors';
import { reportNetworkFailure } from './connectivity';
import { expireSession } from './session-expiry';
import { isSessionValid, readSession } from './session';
import { refreshSession } from './session-refresh';
import { REQUEST_TIMEOUT_MS, withTimeout } from './request-timeout';

export { REQUEST_TIMEOUT_MS };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a `FormData` is sent as it is (multipart). */
  body?: unknown;
  signal?: AbortSignal;
  /** Sends the bearer token and treats a 401 as an expired session. Off only for sign-in. */
  authenticated?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key` on replayed writes). */
  headers?: Record<string, string>;
  /** Toast failures (spec 01 §8). Off for background replays that report in their own UI. */
  notify?: boolean;
  /**
   * 'blob' reads a successful answer as bytes (a file download) instead of JSON; 'answer' as
   * JSON with its status (`ApiAnswer`), where the status tells two successes apart.
   */
  responseType?: 'json' | 'blob' | 'answer';
}

/** A successful answer with its status (`responseType: 'answer'`). */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InvalidJsonError(error instanceof Error ? error.message : String(error));
  }
}

// Keyed by its text: the same failure from several calls at once (say, offline) shows once.
const toastFailure = (message: string) => {
  toast.error(message, { id: message });
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `message` of an error answer, if it has one (what was not found, or not allowed). */
async function messageOf(response: Response): Promise<string | undefined> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    return isRecord(body) && typeof body.message === 'string' && body.message !== ''
      ? body.message
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Spec 01 §8 "shared handling of an answer"; beyond the spec, a 404 and a 403 raise their own
 * errors with the server's message, so screens can say 'not found' / 'not allowed'.
 */
async function readAnswer(
  response: Response,
  notify: boolean,
  responseType: NonNullable<RequestOptions['responseType']>,
): Promise<unknown> {
  if (response.ok) {
    if (responseType === 'blob') return await response.blob();
    const text = await response.text();
    // 204 and other empty answers carry no JSON to parse.
    const body = text === '' ? undefined : parseJson(text);
    return responseType === 'answer' ? { status: response.status, body } : body;
  }
  if (response.status === 404) throw new NotFoundError(await messageOf(response));
  if (response.status === 403) throw new ForbiddenError(await messageOf(response));
  if (response.status !== 400) throw new ApiError(NETWORK_ERROR_MESSAGE, response.status);

  const text = await response.text();
  const body = parseJson(text);
  let fieldErrors: Record<string, string> | undefined;
  if (isRecord(body)) {
    if (isRecord(body.errors)) {
      // fromEntries, so a field named '__proto__' stays a field.
      fieldErrors = Object.fromEntries(
        Object.entries(body.errors).map(([field, message]) => [field, String(message)]),
      );
      for (const message of Object.values(fieldErrors)) {
        if (notify) toastFailure(failedToast(message));
      }
    }
    if (typeof body.message === 'string') throw new ApiError(body.message, 400, fieldErrors);
  }
  // Its errors were each toasted: the response text is raised, not toasted once more as JSON.
  const shown = notify && Object.keys(fieldErrors ?? {}).length > 0;
  throw new ApiError(text, 400, fieldErrors, shown);
}

/** Spec 01 §8 "afterwards": toast the failure (or turn 'No Results Found!' into []) and re-throw. */
function afterFailure(error: unknown, notify: boolean): unknown[] {
  if (error instanceof ApiError && error.message === NO_RESULTS_MESSAGE) return [];
  if (!notify) throw error;
  if (error instanceof ApiError && error.shown) throw error;
  if (error instanceof InvalidJsonError) {
    toastFailure(failedToast(`Invalid JSON: ${error.detail}`));
  } else {
    toastFailure(failedToast(error instanceof Error ? error.message : String(error)));
  }
  throw error;
}

/** The session is over (the refresh cookie was refused): alert, sign out, and fail the call. */
function sessionEnded(): never {
  // The alert of the expiry handling says it all; a failure toast on top would be noise.
  expireSession();
  throw new ApiError(NETWORK_ERROR_MESSAGE, 401);
}

/**
 * An expired access token would only earn a 401: renew it first while the server is reachable.
 * Offline it is kept, and so is the signed-in user (decision 023).
 */
async function renewExpiredToken(): Promise<void> {
  const session = readSession();
  if (!session || isSessionValid(session) || !onlineManager.isOnline()) return;
  if ((await refreshSession(session.token)) === 'ended') sessionEnded();
}

/** The stored access token, renewed first if it has expired (e.g. a hub's accessTokenFactory). */
export async function freshAccessToken(): Promise<string> {
  await renewExpiredToken().catch(() => undefined);
  return readSession()?.token ?? '';
}

/**
 * Calls the API below `/api/`. Resolves with the parsed JSON; list calls answered with
 * 'No Results Found!' resolve as `[]`. A 401 renews the access token once and repeats the call;
 * only a refused renewal ends the session.
 */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, options, false);
}

async function send<T>(path: string, options: RequestOptions, afterRefresh: boolean): Promise<T> {
  const { method = 'GET', body, signal, authenticated = true, notify = true } = options;
  const responseType = options.responseType ?? 'json';
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: responseType === 'blob' ? '*/*' : 'application/json',
  };
  // A FormData body (a file upload) goes as it is: the browser sets the multipart type with
  // its boundary, which a Content-Type of ours would lose.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  let token: string | undefined;
  if (authenticated) {
    await renewExpiredToken();
    token = readSession()?.token;
    if (token) headers.Authorization = `Bearer ${token}`;
  }

  const call = withTimeout(signal);
  // No answer at all: find out whether the server is gone before the caller decides what next.
  const noAnswer = async () => {
    await reportNetworkFailure();
    return afterFailure(new ApiError(NETWORK_ERROR_MESSAGE, 0), notify) as T;
  };
  // A cancelled query is not a failure the user needs to hear about; a timed-out one is.
  const cancelled = (error: unknown) => isAbortError(error) && !call.timedOut();

  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        signal: call.signal,
        body: body === undefined ? null : multipart ? body : JSON.stringify(body),
      });
    } catch (error) {
      if (cancelled(error)) throw error;
      return await noAnswer();
    }

    if (authenticated && response.status === 401) {
      // Refused twice in a row (revoked right after a renewal): the session is over.
      const outcome = afterRefresh ? 'ended' : await refreshSession(token);
      // Refused before it was handled, so sending it again (same Idempotency-Key) is safe.
      if (outcome === 'refreshed') return await send<T>(path, options, true);
      if (outcome === 'unreachable') return await noAnswer();
      sessionEnded();
    }

    try {
      return (await readAnswer(response, notify, responseType)) as T;
    } catch (error) {
      if (cancelled(error)) throw error;
      if (call.timedOut()) return await noAnswer();
      return afterFailure(error, notify) as T;
    }
  } finally {
    call.done();
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** A file (GET as bytes), with the same token handling as every other call. */
  blob: (path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'responseType'>) =>
    apiRequest<Blob>(path, { ...options, method: 'GET', responseType: 'blob' }),
};
