// Refresh credentials: `<session id>.<secret>`, stored only as the SHA-256 of the secret
// (docs/decisions/023), and derived from the one they replace (docs/decisions/052).
import { createHash, createHmac, randomBytes } from 'node:crypto';

const SESSION_ID_BYTES = 16;
const SECRET_BYTES = 32;
// Both parts base64url: the row is found by id, the secret checked by hash.
const REFRESH_FORMAT = /^([\w-]{22})\.([\w-]{43})$/;

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export interface RefreshCredential {
  /** The cookie's value. */
  credential: string;
  /** What the row keeps: SHA-256 (hex) of the secret. */
  hash: string;
}

export interface PresentedCredential {
  sessionId: string;
  secret: string;
  hash: string;
}

export const newSessionId = (): string => randomBytes(SESSION_ID_BYTES).toString('base64url');

/** The parts of a presented credential; null when it is not one. */
export function parseCredential(presented: string): PresentedCredential | null {
  const match = REFRESH_FORMAT.exec(presented);
  if (!match) return null;
  const [, sessionId = '', secret = ''] = match;
  return { sessionId, secret, hash: sha256(secret) };
}

/** A session's first refresh credential: random. */
export function firstCredential(sessionId: string): RefreshCredential {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { credential: `${sessionId}.${secret}`, hash: sha256(secret) };
}

export const newSuccessorSalt = (): string => randomBytes(SECRET_BYTES).toString('base64url');

/**
 * The credential that replaces `previous`: HMAC-SHA256 keyed with the previous secret over a
 * random salt the row keeps. Only whoever holds the previous secret can work it out again, so a
 * second renewal with it (another tab, a lost answer) gets the very same successor; the database
 * alone (hashes and salt) gives it to nobody.
 */
export function successorOf(previous: PresentedCredential, salt: string): RefreshCredential {
  const secret = createHmac('sha256', previous.secret).update(salt).digest('base64url');
  return { credential: `${previous.sessionId}.${secret}`, hash: sha256(secret) };
}
