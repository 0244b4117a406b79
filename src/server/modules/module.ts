import type { SecretBox } from '../auth/secret-box';
import type { Authenticator } from '../auth/sessions';
import type { Db } from '../db/client';
import type { App } from '../http/types';
import type { DeviceTestEngine } from './device-tests/engine';
import type { createAuthService } from './auth/service';
import type { createHomeService } from './home/service';

/** What a module's routes may use; built once by `buildApp`. */
export interface ModuleDeps {
  db: Db;
  secrets: SecretBox;
  auth: Authenticator;
  authService: ReturnType<typeof createAuthService>;
  homeService: ReturnType<typeof createHomeService>;
  deviceTests: DeviceTestEngine;
}

/**
 * One area of the API (routes → service → repository). Every module is listed once in
 * `modules/index.ts`; `buildApp` registers them all inside the guarded /api scope, and every
 * route a module registers declares `config.access` (src/shared/permissions.ts).
 */
export interface ServerModule {
  name: string;
  routes(app: App, deps: ModuleDeps): void;
}
