import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { LoginResponse } from '@shared/access/auth';
import type { Subject } from '@shared/access/permissions';
import type { RoleName } from '@shared/access/roles';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@server/seed/demo';
import { MAX_PARAM_LENGTH, type App } from '@server/http/types';
import { jsonText, type FuzzCase, type Identity } from './cases';
import type { Operation } from './operations';
import type { SignInWatch } from './sign-in-objects';

export type SignedInIdentity = Exclude<Identity, 'anonymous' | 'forged'>;

const EMAILS: Record<SignedInIdentity, string> = {
  admin: 'admin@demo.test',
  reseller: 'reseller@demo.test',
  user: 'user@demo.test',
  viewer: 'viewer@demo.test',
};

export const roleOf = (identity: SignedInIdentity): RoleName =>
  DEMO_ACCOUNTS.find((a) => a.email === EMAILS[identity])?.role ?? 'Viewer';
export const emailOf = (identity: SignedInIdentity): string => EMAILS[identity];

export const isSignedIn = (identity: Identity): identity is SignedInIdentity =>
  identity !== 'anonymous' && identity !== 'forged';

/** Fuzzed requests come from here; the identities sign in from elsewhere (own throttle budget). */
const FUZZ_ADDRESS = '203.0.113.7';
const SIGN_IN_ADDRESS = '198.51.100.9';

/**
 * Bearer tokens of the demo accounts, and each one's session user (what `can` decides on). A
 * fuzzed `auth/logout` may end one, so a 401 to a signed-in identity renews its token and the
 * request is sent once more. With a `watch`, every write not refused is followed by a look at the
 * sign-in objects: a change is put back, every identity signs in again, `takeChanges` reports it.
 */
export function fuzzSessions(app: App, watch?: SignInWatch) {
  const tokens = new Map<SignedInIdentity, string>();
  const subjects = new Map<SignedInIdentity, Subject>();
  let changes: string[] = [];
  const signIn = async (identity: SignedInIdentity) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: SIGN_IN_ADDRESS,
      payload: { Email: EMAILS[identity], Password: DEMO_PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in ${identity}: ${response.body}`);
    const { AccessToken, Auth } = response.json<LoginResponse>();
    tokens.set(identity, AccessToken);
    subjects.set(identity, Auth);
    return AccessToken;
  };
  return {
    /** The session user of an identity that has signed in (every sent case has). */
    subject(identity: SignedInIdentity): Subject {
      const subject = subjects.get(identity);
      if (!subject) throw new Error(`${identity} has not signed in`);
      return subject;
    },
    async authorization(identity: SignedInIdentity): Promise<string> {
      return `Bearer ${tokens.get(identity) ?? (await signIn(identity))}`;
    },
    async renew(identity: SignedInIdentity): Promise<void> {
      await signIn(identity);
    },
    /** After a write: puts changed sign-in objects back (their sessions may have ended). */
    async afterWrite(): Promise<void> {
      const found = (await watch?.check()) ?? [];
      if (!found.length) return;
      changes.push(...found);
      tokens.clear();
    },
    /** What the last case changed of the sign-in objects (since put back), once. */
    takeChanges(): string[] {
      const taken = changes;
      changes = [];
      return taken;
    },
  };
}
export type FuzzSessions = ReturnType<typeof fuzzSessions>;

/** Percent-encodes text as a browser would, unpaired surrogates as their (invalid) UTF-8 bytes. */
export function encodeText(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** The path and query as sent. */
export function urlOf(op: Operation, fuzzCase: FuzzCase): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = fuzzCase.path[name] ?? '';
    return fuzzCase.rawPath ? value : encodeText(value);
  });
  const query = fuzzCase.query.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/**
 * Whether the request still addresses the operation's route: no segment became a path step
 * ('', '.', '..'), bytes that are no UTF-8 or a segment over `MAX_PARAM_LENGTH` (the router
 * refuses those with 414).
 */
export function staysOnRoute(fuzzCase: FuzzCase): boolean {
  if (fuzzCase.rawPath) return false;
  return Object.values(fuzzCase.path).every(
    (v) =>
      !['', '.', '..'].includes(v) &&
      !/[\ud800-\udfff]/u.test(v) &&
      encodeText(v).length <= MAX_PARAM_LENGTH,
  );
}

export async function injectOptions(
  op: Operation,
  fuzzCase: FuzzCase,
  sessions: FuzzSessions,
): Promise<InjectOptions> {
  const headers: Record<string, string> = { ...fuzzCase.headers };
  const { identity, body } = fuzzCase;
  if (isSignedIn(identity)) headers.authorization = await sessions.authorization(identity);
  else if (identity === 'forged') headers.authorization = fuzzCase.forgedAuthorization ?? '';
  let payload: string | undefined;
  if (body && 'raw' in body) payload = body.raw;
  else if (body) payload = jsonText(body.json) || 'null';
  if (body) headers['content-type'] = body.contentType ?? 'application/json';
  return {
    method: op.method as InjectOptions['method'],
    url: urlOf(op, fuzzCase),
    headers,
    remoteAddress: FUZZ_ADDRESS,
    ...(payload === undefined ? {} : { payload }),
  };
}

/**
 * Sends a case; a signed-in identity whose session a fuzzed logout ended signs in again. After
 * a write not refused the sign-in objects are checked (and put back when the case changed them).
 */
export async function sendCase(
  app: App,
  op: Operation,
  fuzzCase: FuzzCase,
  sessions: FuzzSessions,
): Promise<LightMyRequestResponse> {
  let response = await app.inject(await injectOptions(op, fuzzCase, sessions));
  const { identity } = fuzzCase;
  if (response.statusCode === 401 && isSignedIn(identity) && !op.isPublic) {
    await sessions.renew(identity);
    response = await app.inject(await injectOptions(op, fuzzCase, sessions));
  }
  // Only a write that was not refused may have changed something (a refusal rolls back); one
  // that did anyway would show with the next check.
  const refused = response.statusCode >= 400 && response.statusCode < 500;
  if (op.method !== 'GET' && !refused) await sessions.afterWrite();
  return response;
}
