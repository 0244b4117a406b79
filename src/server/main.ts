import { hostname, networkInterfaces } from 'node:os';
import { createSecretBox } from './auth/secret-box';
import { bannerLines } from './banner';
import { forwardTargetsFor, listenHost, loadConfig } from './config';
import { openDatabase, settleAfterBulkLoad } from './db/client';
import { writeDemoCredentials } from './seed/credentials';
import { ensureAdmin, seedDemo } from './seed/demo';
import { holdsDemoAccounts } from './seed/demo-detect';
import { buildApp } from './app';
import { startDevicePort } from './devices-link/device-port';
import { createLogDestination, serverLoggerOptions } from './http/logger';
import { logFormatFor, prettyDestination } from './http/pretty-log';
import { createTargetChecker, resolverWith } from './forwarding/targets';
import { loadTlsCredentials } from './http/tls';
import { lanAddresses, subjectNamesFor } from './http/tls-names';

/** How long a shutdown may take before the process exits anyway. */
const GRACE_MS = 10_000;
/** Of which answering the requests under way may take this long (http/drain.ts). */
const DRAIN_MS = 5_000;

const config = loadConfig();
// Never blocks, also when stdout's reader stalls or is gone (http/logger.ts).
const logs = createLogDestination();
// JSON lines, or readable ones in a developer's terminal (http/pretty-log.ts).
const logFormat = logFormatFor(process.env, process.stdout.isTTY);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const loadsDemo = database.kind === 'pglite' && database.wasEmpty;
// The demo's passwords are public: such a portal stays on this machine unless HOST is set.
const demoData = loadsDemo || (await holdsDemoAccounts(database.db));
const host = listenHost(config, demoData);
const forwardTargets = forwardTargetsFor(config, demoData);
// Read (or made) before the app: Fastify takes the key and certificate when it is created.
const tls = config.tls
  ? await loadTlsCredentials(config.tls, subjectNamesFor(hostname(), networkInterfaces()))
  : undefined;
const app = await buildApp({
  database,
  tokenSecret: config.tokenSecret,
  secretsKey: config.secretsKey,
  tokenTtlSeconds: config.tokenTtlSeconds,
  sessionIdleDays: config.sessionIdleDays,
  sessionMaxDays: config.sessionMaxDays,
  staticDir: config.staticDir,
  tls,
  logger: serverLoggerOptions(
    config.logLevel,
    logFormat === 'pretty' ? prettyDestination(logs, process.stdout.isTTY) : logs,
  ),
  trustProxy: config.trustProxy,
  forwardTargets: createTargetChecker(forwardTargets, resolverWith(config.forwardResolve)),
  tachoSchedulerIntervalMs: config.tachoSchedulerIntervalMs,
  forwarding: config.forwarding
    ? {
        retentionMs: config.forwardRetentionDays * 86_400_000,
        owner: config.forwardInstance,
        connector: {
          allowance: forwardTargets,
          ca: config.forwardCa,
          resolve: resolverWith(config.forwardResolve),
        },
      }
    : undefined,
});
if (tls?.made) app.log.info({ file: tls.certFile }, 'TLS certificate made for this machine');

if (loadsDemo) {
  app.log.info('empty embedded database: loading demo data');
  const seeded = await seedDemo(database.db, { secrets: createSecretBox(config.secretsKey) });
  // Demo devices only: the simulator and outside test tools sign with these.
  const file = writeDemoCredentials(config.dataDir, seeded.deviceCredentials);
  app.log.info({ file }, 'demo device credentials written');
  await settleAfterBulkLoad(database.db);
}
if (database.kind === 'postgres' && config.adminEmail && config.adminPassword) {
  if (await ensureAdmin(database.db, config.adminEmail, config.adminPassword)) {
    app.log.info({ email: config.adminEmail }, 'first admin created');
  }
}

await app.listen({ port: config.port, host });
const devicePort = await startDevicePort(app, config, host);

const banner = bannerLines({
  host,
  hostChosen: config.host !== undefined,
  port: config.port,
  devicePort: devicePort?.port ?? null,
  database:
    database.kind === 'pglite' ? { kind: 'pglite', dataDir: config.dataDir } : { kind: 'postgres' },
  demoData,
  forwardTargets,
  forwardTargetsChosen: config.forwardTargetsAllowed !== undefined,
  https: tls ? { certFile: tls.certFile, selfGenerated: tls.selfGenerated } : null,
  lanAddresses: lanAddresses(networkInterfaces()),
});
logs.write(banner.join('\n'));

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), GRACE_MS);
  force.unref();
  // No new connections; the requests under way are answered, new ones on open connections get
  // 503 with Retry-After, so no device sees a reset connection (http/drain.ts).
  await Promise.all([app.drain(DRAIN_MS), devicePort?.drain(DRAIN_MS)]);
  // Devices first: their in-flight messages still go through the link, which the app closes.
  await devicePort?.close();
  await app.close();
  await database.close();
  // The last lines get a moment to reach a reader that keeps up; one that does not loses them.
  await logs.drained(1_000);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
