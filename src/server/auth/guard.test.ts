import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { seedReferenceData } from '../db/seed/demo';
import { registerGuard } from './guard';
import type { Authenticator, SessionStore } from './sessions';
import { createTokenService, type Caller } from './tokens';

// The guard on a bare app with one route of each kind, so every rule is checked in isolation.
// Sessions (sessions.test.ts covers the real store) are a set of ended ids here.
const tokens = createTokenService('guard-test-secret-guard-test-secret', 60);
const endedSessions = new Set<string>();
const auth: Authenticator = {
  tokens,
  sessions: {} as SessionStore,
  authenticate(token) {
    const claims = tokens.verify(token);
    return Promise.resolve(claims && !endedSessions.has(claims.sessionId) ? claims : null);
  },
};
let database: Database;
const app = Fastify();

beforeAll(async () => {
  database = await openDatabase({});
  await seedReferenceData(database.db);
  registerGuard(app, database.db, auth);
  app.get('/open', { config: { public: true } }, () => ({ ok: true }));
  app.get('/read', () => ({ ok: true }));
  app.post('/write', () => ({ ok: true }));
  app.get('/admin', { config: { roles: ['Admin'] } }, () => ({ ok: true }));
  app.get('/scope', async (request) => request.scope());
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let sessionCount = 0;
const as = (caller: Caller, sessionId = `session-${++sessionCount}`) => ({
  authorization: `Bearer ${tokens.issue(caller, sessionId).token}`,
});
const admin: Caller = { userId: 1, role: 'Admin', customerId: 1, isReseller: false };
const user: Caller = { userId: 2, role: 'User', customerId: 7, isReseller: false };
const viewer: Caller = { userId: 3, role: 'Viewer', customerId: 7, isReseller: false };

describe('guard', () => {
  it('lets anyone reach a public route', async () => {
    expect((await app.inject({ url: '/open' })).statusCode).toBe(200);
  });

  it('needs a token everywhere else', async () => {
    expect((await app.inject({ url: '/read' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(401);
  });

  it('refuses a token whose session ended (401), before roles are looked at', async () => {
    const headers = as(admin, 'ended-session');
    expect((await app.inject({ url: '/admin', headers })).statusCode).toBe(200);
    endedSessions.add('ended-session');
    expect((await app.inject({ url: '/admin', headers })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/write', headers })).statusCode).toBe(401);
    expect((await app.inject({ url: '/open', headers })).statusCode).toBe(200);
  });

  it('makes viewers read-only', async () => {
    expect((await app.inject({ url: '/read', headers: as(viewer) })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/write', headers: as(viewer) })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/write', headers: as(user) })).statusCode,
    ).toBe(200);
  });

  it("enforces a route's role list", async () => {
    expect((await app.inject({ url: '/admin', headers: as(user) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/admin', headers: as(admin) })).statusCode).toBe(200);
  });

  it('resolves the tenancy scope per caller', async () => {
    expect((await app.inject({ url: '/scope', headers: as(admin) })).json()).toEqual({ all: true });
    expect((await app.inject({ url: '/scope', headers: as(user) })).json()).toEqual({
      all: false,
      customerIds: [7],
    });
  });
});
