// Checking access tokens against their sessions, and pruning ended sessions (decision 023).
import type { FastifyInstance } from 'fastify';
import type { SessionStore } from './sessions';
import type { TokenClaims, TokenService } from './tokens';

const PRUNE_EVERY_MS = 86_400_000;

/** Session-aware token checks, shared by the API guard and the hub. */
export interface Authenticator {
  tokens: TokenService;
  sessions: SessionStore;
  /** The claims of a valid token whose session is live; null otherwise (401). */
  authenticate(token: string): Promise<TokenClaims | null>;
}

export function createAuthenticator(tokens: TokenService, store: SessionStore): Authenticator {
  return {
    tokens,
    sessions: store,
    async authenticate(token) {
      const claims = tokens.verify(token);
      if (!claims) return null;
      return (await store.isLive(claims.sessionId, claims.userId)) ? claims : null;
    },
  };
}

/** Deletes long-ended sessions at start and daily (their rows only serve reuse detection). */
export function registerSessionPruning(app: FastifyInstance, store: SessionStore): void {
  let timer: NodeJS.Timeout | undefined;
  const prune = () =>
    store.prune().catch((error: unknown) => {
      app.log.warn({ err: error }, 'pruning sessions failed');
      return 0;
    });
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });
}
