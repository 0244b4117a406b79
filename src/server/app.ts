import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Database } from './db/client';
import { registerGuard } from './auth/guard';
import { createLoginThrottle, type LoginThrottle } from './auth/login-throttle';
import { createSecretBox } from './auth/secret-box';
import {
  createAuthenticator,
  createSessionStore,
  registerSessionPruning,
  sessionPolicy,
} from './auth/sessions';
import { createTokenService, DEFAULT_TOKEN_TTL_SECONDS } from './auth/tokens';
import type { DeviceLinkOptions } from './devices-link/link';
import { createRolloutEngine, type RolloutEngineOptions } from './modules/rollouts';
import { registerDeviceLink } from './devices-link/plugin';
import { HttpError } from './errors/http-errors';
import type { TrustProxy } from './http/trust-proxy';
import { registerIdempotencyPruning } from './http/idempotency';
import { OneLinePerRequest } from './http/logger';
import { registerDrain } from './http/drain';
import { registerMethodNotAllowed } from './http/method-not-allowed';
import { registerOpenApi } from './http/openapi';
import { enforceRouteAccess } from './http/route-access';
import { registerSecurityHeaders } from './http/security-headers';
import type { TlsCredentials } from './http/tls';
import { registerStatic } from './http/static';
import { MAX_PARAM_LENGTH, type App } from './http/types';
import { registerHub } from './hub';
import {
  jsonSerializerCompiler,
  valibotValidatorCompiler,
  type ValibotTypeProvider,
} from './http/valibot-provider';
import {
  DeviceTestEngine,
  deviceTestHub,
  type DeviceTestEngineOptions,
} from './modules/device-tests';
import { SERVER_MODULES } from './modules';
import { applyAcknowledgedSettings, failAcknowledgedSettings } from './modules/devices';
import { readLibraryFileRange } from './modules/library-files';
import { countMessages } from './modules/raw-messages';
import type { ModuleDeps } from './modules/module';
import { createTargetChecker, type TargetChecker } from './forwarding/targets';
import { createForwardingEngine, type ForwardingOptions } from './forwarding/engine';
import { createConnector, createSender, type ConnectorOptions } from './forwarding/protocols';

/** Message forwarding (issue 15): on when given; `connector` says where and how it may connect. */
export type ForwardingAppOptions = Omit<ForwardingOptions, 'connector' | 'senders'> & {
  connector?: ConnectorOptions;
};

export interface AppOptions {
  database: Database;
  tokenSecret: string;
  /** Key of the secret box that encrypts forward secrets and device credentials at rest. */
  secretsKey: string;
  /** Access-token lifetime (default 15 minutes; the refresh cookie renews it). */
  tokenTtlSeconds?: number;
  /** Session limits: idle (not refreshed) and absolute, in days (decision 023). */
  sessionIdleDays?: number;
  sessionMaxDays?: number;
  /** Folder of the built PWA; omit to serve the API only. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Serve https with this key and certificate (HTTPS=1, TLS_CERT_FILE); left out: plain http. */
  tls?: Pick<TlsCredentials, 'key' | 'cert' | 'selfGenerated'>;
  /** Proxies trusted to name the client in X-Forwarded-For (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  loginThrottle?: LoginThrottle;
  /** Group-commit tuning of the device link (tests, benchmarks). */
  deviceLink?: DeviceLinkOptions;
  /** The installation tests' idle limit and its check (tests). */
  deviceTests?: DeviceTestEngineOptions;
  /** Where forwards may send (FORWARD_TARGETS_ALLOWED); public addresses only by default. */
  forwardTargets?: TargetChecker;
  /** Rollout engine timing (tests: `tickMs: 0`, then `app.rollouts.runPass()` / `settle()`). */
  rollouts?: RolloutEngineOptions;
  /**
   * How often the tacho download scheduler runs (TACHO_SCHEDULER_INTERVAL_MS); 0 or left out:
   * not at all, so tests and benchmarks get no requests they did not make.
   */
  tachoSchedulerIntervalMs?: number;
  /**
   * Delivery of device messages to forwards; left out: none (tests and benchmarks that do not
   * ask for it get no connections they did not make). The server's start turns it on.
   */
  forwarding?: ForwardingAppOptions;
}

/** The bare instance: over https when given a key and certificate, else plain http. */
function createFastify(options: AppOptions): App {
  const serverOptions = {
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
  };
  if (!options.tls) return Fastify(serverOptions).withTypeProvider<ValibotTypeProvider>();
  const https = { key: options.tls.key, cert: options.tls.cert };
  return Fastify({ ...serverOptions, https }).withTypeProvider<ValibotTypeProvider>();
}

/** Builds the whole server: API under /api, OpenAPI at /api/docs, the PWA everywhere else. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { tls } = options;
  const app = createFastify(options);
  registerDrain(app);

  // First: every route registered from here on declares who may call it (deny by default).
  enforceRouteAccess(app);
  // A known path in a method it lacks: 405 with Allow, before any body is read.
  registerMethodNotAllowed(app);
  app.setValidatorCompiler(valibotValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof HttpError) {
      // Bad input answers `{ errors }` alone, everything else `{ message }` (spec 01 §8).
      return reply
        .code(error.statusCode)
        .send(error.errors ? { errors: error.errors } : { message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ message: (error as Error).message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });

  // Small answers are not worth compressing; the PWA's JS and long lists are. Only API answers
  // are compressed here (assets are precompressed at build): gzip at level 1 takes a third of
  // the default's time for a few percent more bytes (docs/decisions/039).
  await app.register(compress, { threshold: 1024, zlibOptions: { level: 1 } });
  // No HSTS for a certificate the server made for itself: a LAN try-out (decision 068).
  await registerSecurityHeaders(app, { strictTransportSecurity: !tls?.selfGenerated });
  await registerOpenApi(app);
  // The refresh credential travels in a cookie (decision 023).
  await app.register(cookie);
  // Library uploads (QTLibrary, firmware); each route reads its parts with its own limits.
  await app.register(multipart, { limits: { files: 1, fileSize: 0, parts: 40 } });

  const { db } = options.database;
  // One box for every secret kept encrypted at rest (forward secrets, device credentials).
  const secrets = createSecretBox(options.secretsKey);
  const tokens = createTokenService(
    options.tokenSecret,
    options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
  );
  const sessions = createSessionStore(
    db,
    sessionPolicy(options.sessionIdleDays, options.sessionMaxDays),
  );
  const auth = createAuthenticator(tokens, sessions);
  registerSessionPruning(app, sessions);
  const throttle = options.loginThrottle ?? createLoginThrottle();
  const deviceTests = new DeviceTestEngine(db, app.log, options.deviceTests);
  app.decorate('deviceTests', deviceTests);
  registerIdempotencyPruning(app, db);
  const rollouts = createRolloutEngine(db, app.log, options.rollouts);
  app.decorate('rollouts', rollouts);
  const forwarding = options.forwarding
    ? createForwardingEngine(db, secrets, app.log, {
        ...options.forwarding,
        connector: createConnector(options.forwarding.connector),
        senders: createSender,
      })
    : null;
  app.decorate('forwarding', forwarding);

  // Encapsulated so the guard's hook covers the API only, not the PWA's files.
  const forwardTargets = options.forwardTargets ?? createTargetChecker();
  const deps: ModuleDeps = {
    db,
    secrets,
    auth,
    throttle,
    deviceTests,
    rollouts,
    forwardTargets,
    tachoSchedulerIntervalMs: options.tachoSchedulerIntervalMs ?? 0,
  };
  await app.register(
    (scope, _options, done) => {
      const api = scope.withTypeProvider<ValibotTypeProvider>();
      registerGuard(api, db, auth);
      for (const module of SERVER_MODULES) module.routes(api, deps);
      done();
    },
    { prefix: '/api' },
  );
  // Device-facing, outside the user guard: devices are identified by IMEI (docs/device-protocol.md).
  await registerDeviceLink(
    app,
    options.database,
    secrets,
    { applyAcknowledgedSettings, failAcknowledgedSettings, countMessages, readLibraryFileRange },
    options.deviceLink,
  );
  deviceTests.listen(app.deviceLink.events);
  rollouts.listen(app.deviceLink.events);
  forwarding?.listen(app.deviceLink.events);
  app.addHook('onReady', async () => {
    rollouts.start();
    forwarding?.start();
    // Running installation tests go on from the database: their sessions are rebuilt.
    await deviceTests.start();
  });
  // Before the database closes: the turns under way finish, the leases are given back.
  app.addHook('preClose', async () => {
    await forwarding?.close();
  });
  // Before the device link and the database close: the pass under way finishes first.
  app.addHook('preClose', async () => {
    await rollouts.close();
  });
  // Before the hub's preClose: closing connections at shutdown must not stop running tests.
  app.addHook('preClose', (done) => {
    deviceTests.close();
    done();
  });
  await registerHub(app, { auth }, deviceTestHub(db, deviceTests));

  if (options.staticDir) await registerStatic(app, options.staticDir);
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));

  return app;
}
