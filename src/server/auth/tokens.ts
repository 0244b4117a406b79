import { createSigner, createVerifier } from 'fast-jwt';
import type { RoleName } from '../../shared/roles';
import { ROLES } from '../../shared/roles';

/** Who is calling, as carried in the access token. */
export interface Caller {
  userId: number;
  role: RoleName;
  customerId: number;
  isReseller: boolean;
}

interface Claims {
  sub: string;
  role: RoleName;
  cid: number;
  rs: boolean;
  exp: number;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? null;
}

export interface TokenService {
  issue(caller: Caller): { token: string; expires: number };
  /** Returns the caller, or null for a token that is unsigned, forged, malformed or expired. */
  verify(token: string): Caller | null;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // The algorithm is pinned on both sides: 'none' and key-confusion tokens are refused.
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const check = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    issue(caller) {
      const token = sign({
        sub: String(caller.userId),
        role: caller.role,
        cid: caller.customerId,
        rs: caller.isReseller,
      });
      const claims = check(token) as Claims;
      return { token, expires: claims.exp };
    },
    verify(token) {
      try {
        const claims = check(token) as Claims;
        if (!ROLES.includes(claims.role)) return null;
        return {
          userId: Number(claims.sub),
          role: claims.role,
          customerId: claims.cid,
          isReseller: claims.rs,
        };
      } catch {
        return null;
      }
    },
  };
}
