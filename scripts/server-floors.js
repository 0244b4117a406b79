// The server's floors (docs/decisions/060), lowest first: one table for the lint rule in
// eslint.config.js and for scripts/server-layers.mjs, which counts what the rule guards.
import path from 'node:path';

export const SERVER = path.join(import.meta.dirname, '..', 'src', 'server');

/**
 * Each floor's parts: top-level folders of src/server, or files at its top (named without
 * `.ts`). A part imports only from parts on floors below its own (and from src/shared);
 * parts on one floor do not import each other. Modules are the exception on their floor: one
 * module reaches another only through its `index.ts`, and any module may use the floor's own
 * files (`modules/module.ts`, `named-entities.ts`, …).
 */
export const SERVER_FLOORS = [
  { parts: ['errors', 'db', 'events'], what: 'HTTP errors, schema and database, device events' },
  { parts: ['auth'], what: 'passwords, sessions, tokens, device signing, the secret box' },
  { parts: ['http', 'operator-log'], what: 'Fastify plumbing; the operator log' },
  { parts: ['tacho'], what: 'tachograph file format, store and download scheduler' },
  { parts: ['devices-link', 'forwarding', 'hub'], what: 'engines: ingest, forwarding, hub' },
  { parts: ['modules'], what: 'the API, one module per area, each behind its index.ts' },
  {
    parts: ['config', 'simulator', 'receiver'],
    what: 'environment → ServerConfig; the device simulator; the forward receivers',
  },
  { parts: ['seed'], what: 'demo data and the seed command' },
  { parts: ['app', 'banner'], what: 'buildApp wires every floor; the start banner' },
  { parts: ['main'], what: 'the process: config, database, app, ports, shutdown' },
];

const FLOOR_OF = new Map(SERVER_FLOORS.flatMap((f, i) => f.parts.map((p) => [p, i])));

/** Tests and test helpers (any `test/` folder) may reach anywhere: the rule skips them. */
export function isServerTestFile(file) {
  const rel = path.relative(SERVER, file).split(path.sep);
  return rel.includes('test') || /\.test\.tsx?$/.test(file);
}

/**
 * Where a file of src/server sits: its part ('db', 'modules'), its module ('devices', or ''
 * for the modules floor's own files), whether it is a module's index, its floor (undefined: on
 * none). Null outside src/server.
 */
export function serverPlace(file) {
  const rest = path.relative(SERVER, file);
  if (rest.startsWith('..') || path.isAbsolute(rest)) return null;
  const segs = rest.split(path.sep);
  const part = segs.length === 1 ? segs[0].replace(/\.tsx?$/, '') : segs[0];
  let module = null;
  let moduleIndex = false;
  if (part === 'modules') {
    module = segs.length > 2 ? segs[1] : '';
    moduleIndex = segs.length === 2 || (segs.length === 3 && /^index(\.tsx?)?$/.test(segs[2]));
  }
  return { part, floor: FLOOR_OF.get(part), module, moduleIndex };
}

/** The file an import names, for relative and `@server/` sources; null for packages. */
export function resolveServerImport(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  if (source.startsWith('@server/')) return path.join(SERVER, source.slice('@server/'.length));
  return null;
}

/**
 * What is wrong with `file` importing `target` (both absolute): null when nothing;
 * 'unplaced' (a part on no floor), 'up' (a floor above, or another part of the same floor) or
 * 'inside' (another module's file other than its index.ts).
 */
export function serverImportProblem(file, target) {
  const from = serverPlace(file);
  const to = serverPlace(target);
  if (!from || !to) return null;
  if (from.floor === undefined) return { kind: 'unplaced', part: from.part };
  if (to.floor === undefined) return { kind: 'unplaced', part: to.part };
  if (to.module) {
    if (from.module === to.module) return null;
    if (!to.moduleIndex) return { kind: 'inside', module: to.module };
  }
  if (from.part === to.part) return null;
  if (to.floor < from.floor) return null;
  return { kind: 'up', from: from.part, to: to.part };
}
