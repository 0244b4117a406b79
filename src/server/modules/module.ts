import type { LoginThrottle } from '@server/auth/login-throttle';
import type { SecretBox } from '@server/auth/secret-box';
import type { Authenticator } from '@server/auth/sessions';
import type { Db } from '@server/db/client';
import type { App } from '@server/http/types';
import type { DeviceTestEngine } from './device-tests';
import type { RolloutEngine } from './rollouts';
import type { TargetChecker } from '@server/forwarding/targets';

/**
 * What a module's routes may use: the app's shared infrastructure, built once by `buildApp`.
 * A module builds its own services from these (routes → service → repository).
 */
export interface ModuleDeps {
  db: Db;
  /** Encrypts forward secrets and device credentials at rest. */
  secrets: SecretBox;
  /** Tokens and sign-in sessions (the guard's authenticator). */
  auth: Authenticator;
  /** Failed sign-ins, counted per address and account (auth module). */
  throttle: LoginThrottle;
  /** Running installation tests (device-tests module; the hub shares it). */
  deviceTests: DeviceTestEngine;
  /** Moves mass-update rollouts along (rollouts module; listens to the device link). */
  rollouts: RolloutEngine;
  /** Where forwards may send: public addresses, plus what the operator allows (forwards). */
  forwardTargets: TargetChecker;
  /** How often the tacho download scheduler runs; 0: not at all (tacho-requests). */
  tachoSchedulerIntervalMs: number;
}

/**
 * One area of the API (routes → service → repository). Every module is listed once in
 * `modules/index.ts`; `buildApp` registers them all inside the guarded /api scope, and every
 * route a module registers declares `config.access` (src/shared/access/permissions.ts), or the app
 * does not start (http/route-access.ts).
 */
export interface ServerModule {
  name: string;
  routes(app: App, deps: ModuleDeps): void;
}
