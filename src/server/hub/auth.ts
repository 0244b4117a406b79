/**
 * Who may use a hub: the same bearer tokens as the API guard, checked here because the hub is
 * not behind it (browsers cannot set headers on a WebSocket; they send `access_token` instead).
 */
import { forbidden, unauthorized } from '../http/errors';
import { bearerToken, type Caller, type TokenService } from '../auth/tokens';
import type { HubDefinition } from './types';

/** The caller of a bearer header, or of a query token where `allowQueryToken` (WebSockets). */
export function readCaller(
  tokens: TokenService,
  authorization: string | undefined,
  queryToken: string | null = null,
): Caller | null {
  const token = bearerToken(authorization) ?? queryToken;
  return token ? tokens.verify(token) : null;
}

/**
 * 401 without a valid token; 403 for a role the hub does not list, and always for Viewers: a hub
 * connection invokes actions (the API guard refuses Viewers every non-GET call the same way).
 */
export function admit(caller: Caller | null, hub: HubDefinition): Caller {
  if (!caller) throw unauthorized();
  if (hub.roles && !hub.roles.includes(caller.role)) throw forbidden();
  if (caller.role === 'Viewer') throw forbidden('Viewers have read-only access');
  return caller;
}
