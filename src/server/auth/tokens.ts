import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { RoleName } from '@shared/access/roles';
import { ROLES } from '@shared/access/roles';

/** Who is calling, as carried in the access token. */
export interface Caller {
  userId: number;
  role: RoleName;
  customerId: number;
  isReseller: boolean;
}

/** A verified access token: its caller and the sign-in session it belongs to. */
export interface TokenClaims extends Caller {
  sessionId: string;
}

interface Claims {
  sub: string;
  sid: string;
  role: RoleName;
  cid: number;
  rs: boolean;
  exp: number;
}

/** Access tokens are refused without these (a signed token without `exp` never expires). */
const REQUIRED_CLAIMS = ['exp', 'sid', 'sub', 'role', 'cid', 'rs'];

/** Default access-token lifetime: short, because the refresh cookie renews it (decision 023). */
export const DEFAULT_TOKEN_TTL_SECONDS = 15 * 60;

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? null;
}

export interface TokenService {
  issue(caller: Caller, sessionId: string): { token: string; expires: number };
  /**
   * The claims of a token signed here, or null for one that is unsigned, forged, malformed,
   * expired or missing a required claim. Says nothing about its session (see sessions.ts).
   */
  verify(token: string): TokenClaims | null;
  /** Like verify, but also accepts an expired token (logout after the token ran out). */
  verifyIgnoringExpiry(token: string): TokenClaims | null;
}

function toClaims(claims: Claims): TokenClaims | null {
  const userId = Number(claims.sub);
  if (!ROLES.includes(claims.role) || !Number.isSafeInteger(userId)) return null;
  if (typeof claims.sid !== 'string' || typeof claims.cid !== 'number') return null;
  return {
    userId,
    role: claims.role,
    customerId: claims.cid,
    isReseller: claims.rs,
    sessionId: claims.sid,
  };
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // The algorithm is pinned on both sides: 'none' and key-confusion tokens are refused.
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const options = { key: secret, algorithms: ['HS256' as const], requiredClaims: REQUIRED_CLAIMS };
  const check = createVerifier({ ...options, cache: 1000 });
  const checkSignatureOnly = createVerifier({ ...options, ignoreExpiration: true });
  const read = (verifier: typeof check, token: string) => {
    try {
      return toClaims(verifier(token) as Claims);
    } catch {
      return null;
    }
  };
  return {
    issue(caller, sessionId) {
      const token = sign({
        // Unique per token: a renewal within the same second still yields a new token.
        jti: randomBytes(12).toString('base64url'),
        sub: String(caller.userId),
        sid: sessionId,
        role: caller.role,
        cid: caller.customerId,
        rs: caller.isReseller,
      });
      const claims = check(token) as Claims;
      return { token, expires: claims.exp };
    },
    verify: (token) => read(check, token),
    verifyIgnoringExpiry: (token) => read(checkSignatureOnly, token),
  };
}
