// Builds what production runs (decision 066): the PWA into dist/ (Vite) and the server into
// build/server/ (esbuild: our TypeScript in one file per entry, packages left to node_modules, its
// source maps beside it, off the public static path). Plain JavaScript, so that `npm start` runs
// it and then the server with plain node, no TypeScript compiler loaded.
//
//   node scripts/build.mjs            both, always
//   node scripts/build.mjs --changed  only the parts whose sources changed since their last build
//   node scripts/build.mjs --server   the server only (the test projects' set-up)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = path.join(root, 'build');
const serverDir = path.join(buildDir, 'server');
/** The production server's entry: `node build/server/main.js`. */
export const serverEntry = path.join(serverDir, 'main.js');
/** `npm run seed` against the configured database: `node build/server/seed.js`. */
export const seedEntry = path.join(serverDir, 'seed.js');

// What each part is built from; a change to any of these (added, removed, edited) rebuilds it.
const COMMON = ['src/shared', 'package-lock.json', 'tsconfig.base.json'];
const PARTS = {
  client: [
    ...COMMON,
    'src/app',
    'public',
    'index.html',
    'vite.config.ts',
    'tailwind.config.ts',
    'scripts/precompress-plugin.ts',
    'tsconfig.app.json',
  ],
  server: [...COMMON, 'src/server', 'tsconfig.server.json', 'scripts/build.mjs'],
};

/** A fingerprint of the files below `inputs`: their paths, sizes and modification times. */
function fingerprint(inputs) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(path.join(relative, name));
    } else if (!/\.test\.tsx?$/.test(relative)) {
      hash.update(`${relative} ${stat.size} ${stat.mtimeMs}\n`);
    }
  };
  inputs.forEach(visit);
  return hash.digest('hex');
}

const stampOf = (part) => path.join(buildDir, `${part}.stamp`);
const outputOf = { client: path.join(root, 'dist', 'index.html'), server: serverEntry };

function isCurrent(part) {
  const stamp = stampOf(part);
  if (!existsSync(stamp) || !existsSync(outputOf[part])) return false;
  return readFileSync(stamp, 'utf8') === fingerprint(PARTS[part]);
}

function buildClient() {
  // A child process: the Vite build's memory is not the server's when `npm start` goes on to run it.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the PWA build failed (exit ${result.status})`);
}

/** The server bundle, rebuilt in well under a second. */
async function buildServer() {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts', seed: 'src/server/seed/cli.ts' },
    outdir: serverDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Packages load from node_modules as they are (PGlite finds its WebAssembly beside itself).
    packages: 'external',
    tsconfig: 'tsconfig.server.json',
    sourcemap: true,
    logLevel: 'warning',
  });
  // db/client.ts finds the migrations beside itself: beside the bundle, once bundled.
  const migrations = path.join(serverDir, 'migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join(root, 'src', 'server', 'db', 'migrations'), migrations, { recursive: true });
}

const builders = { client: buildClient, server: buildServer };

/** Builds the given parts (all by default); with `onlyChanged`, those whose sources changed. */
export async function buildParts({ parts = ['client', 'server'], onlyChanged = false } = {}) {
  mkdirSync(buildDir, { recursive: true });
  for (const part of parts) {
    if (onlyChanged && isCurrent(part)) continue;
    // Taken before building: a file edited meanwhile makes the next start build again.
    const print = fingerprint(PARTS[part]);
    if (onlyChanged) console.log(`Building the ${part === 'client' ? 'PWA' : 'server'}…`);
    await builders[part]();
    writeFileSync(stampOf(part), print);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  await buildParts({
    parts: args.includes('--server') ? ['server'] : undefined,
    onlyChanged: args.includes('--changed'),
  });
}
