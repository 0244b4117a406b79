import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loginFixture } from './fixtures';

/** The absolute URL of an API path, as the client calls it. */
export const apiUrl = (path: string) => new URL(`/api/${path}`, window.location.origin).toString();

/**
 * An MSW server for the test file that refuses unhandled requests; after each test it drops the
 * test's handlers, storage, mocks and stubbed globals.
 */
export function startApiServer() {
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
  return server;
}

/** A signed-in user whose access token expires in `expiresIn` seconds. */
export const signedIn = (AccessToken: string, expiresIn = 3600) => ({
  ...loginFixture({ Expires: Math.floor(Date.now() / 1000) + expiresIn }),
  AccessToken,
});

/** Answers `POST auth/refresh` with tokens renewed-1, renewed-2 … (or `status`); counts calls. */
export function refreshAnswers(
  server: ReturnType<typeof setupServer>,
  answer: number | { delayMs: number } = 200,
) {
  const calls = { count: 0 };
  server.use(
    http.post(apiUrl('auth/refresh'), async () => {
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
