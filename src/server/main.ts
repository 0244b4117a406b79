import { createSecretBox } from './auth/secret-box';
import { loadConfig } from './config';
import { openDatabase, settleAfterBulkLoad } from './db/client';
import { writeDemoCredentials } from './db/seed/credentials';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureAdmin, seedDemo } from './db/seed/demo';
import { buildApp } from './app';
import { startDevicePort } from './devices-link/device-port';
import { createLogDestination, serverLoggerOptions } from './http/logger';
import { createTargetChecker, resolverWith } from './modules/forwards/targets';

/** How long a shutdown may take before the process exits anyway. */
const GRACE_MS = 10_000;

const config = loadConfig();
// Never blocks, also when stdout's reader stalls or is gone (http/logger.ts).
const logs = createLogDestination();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({
  database,
  tokenSecret: config.tokenSecret,
  secretsKey: config.secretsKey,
  tokenTtlSeconds: config.tokenTtlSeconds,
  sessionIdleDays: config.sessionIdleDays,
  sessionMaxDays: config.sessionMaxDays,
  staticDir: config.staticDir,
  logger: serverLoggerOptions(config.logLevel, logs),
  trustProxy: config.trustProxy,
  forwardTargets: createTargetChecker(
    config.forwardTargetsAllowed,
    resolverWith(config.forwardResolve),
  ),
  tachoSchedulerIntervalMs: config.tachoSchedulerIntervalMs,
  forwarding: config.forwarding
    ? {
        retentionMs: config.forwardRetentionDays * 86_400_000,
        owner: config.forwardInstance,
        connector: {
          allowance: config.forwardTargetsAllowed,
          ca: config.forwardCa,
          resolve: resolverWith(config.forwardResolve),
        },
      }
    : undefined,
});

if (database.kind === 'pglite' && database.wasEmpty) {
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

await app.listen({ port: config.port, host: config.host });
const devicePort = await startDevicePort(app, config);

const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
const lines = [
  '',
  `  Fleet Portal is running at http://${shownHost}:${config.port}/`,
  `  API docs: http://${shownHost}:${config.port}/api/docs`,
  `  Device link: http://${shownHost}:${devicePort?.port ?? config.port}/api/v1/devices`,
  `  Database: ${database.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL'}`,
];
if (database.kind === 'pglite') {
  lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS)
    lines.push(`    ${a.email.padEnd(20)} ${a.role}${a.isReseller ? ' (reseller)' : ''}`);
}
logs.write(lines.join('\n') + '\n\n');

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop accepting connections, let in-flight requests finish, then close the database.
  const force = setTimeout(() => process.exit(1), GRACE_MS);
  force.unref();
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
