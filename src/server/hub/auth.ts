/**
 * Who may use a hub: the same bearer tokens as the API guard, checked here because the hub is
 * not behind it (browsers cannot set headers on a WebSocket; they send `access_token` instead).
 */
import { roleClass } from '@shared/access/permissions';
import {
  ACCESS_DENIED,
  callerCanWithoutFeatures,
  needsFeatures,
  VIEWERS_READ_ONLY,
} from '@server/auth/access';
import { forbidden, unauthorized } from '@server/errors/http-errors';
import { bearerToken, type Caller } from '@server/auth/tokens';
import type { HubDefinition } from './types';

/**
 * The API's session-aware token check (auth/sessions.ts `Authenticator`): a token of a logged-out
 * or revoked session opens no hub connection either.
 */
export interface HubAuthenticator {
  authenticate(token: string): Promise<Caller | null>;
}

/** The caller of a bearer header, else of a query token (WebSockets); null when not valid. */
export async function readCaller(
  auth: HubAuthenticator,
  authorization: string | undefined,
  queryToken: string | null = null,
): Promise<Caller | null> {
  const token = bearerToken(authorization) ?? queryToken;
  return token ? auth.authenticate(token) : null;
}

/**
 * 401 without a valid token; 403 for a caller the hub's access rule refuses, and always for
 * Viewers: a hub connection invokes actions (the API guard refuses Viewers every non-GET call
 * the same way).
 */
export function admit(caller: Caller | null, hub: HubDefinition): Caller {
  if (!caller) throw unauthorized();
  if (hub.access && !callerCanWithoutFeatures(caller, hub.access)) throw forbidden(ACCESS_DENIED);
  if (roleClass(caller.role) === 'Viewer') throw forbidden(VIEWERS_READ_ONLY);
  return caller;
}

/** A hub's rule is checked without reading features (`admit` runs per connection attempt). */
export function assertHubAccess(hub: HubDefinition): void {
  if (hub.access && needsFeatures(hub.access))
    throw new Error(
      `hub ${hub.path}: access ${hub.access} looks at features, which hubs do not read`,
    );
}
