// Counts what the server's floors guard (decision 060), from the source: imports up (or
// across) a floor, folder pairs importing each other, imports into a module's insides, and
// product files over 250 lines. Tests and test helpers are left out. `node scripts/server-layers.mjs`;
// `--list` names every import counted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  SERVER,
  isServerTestFile,
  resolveServerImport,
  serverImportProblem,
  serverPlace,
} from './server-floors.js';

const list = process.argv.includes('--list');
const files = readdirSync(SERVER, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
  .map((e) => path.join(e.parentPath, e.name))
  .filter((f) => !isServerTestFile(f))
  .sort();

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm;
const up = [];
const inside = [];
const unplaced = new Set();
/** 'a>b' for each top-level part a importing part b; modules counted by module too. */
const edges = new Set();
const moduleEdges = new Set();
const long = [];

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > 250) long.push(`${path.relative(SERVER, file)} (${lines})`);
  for (const [, source] of text.matchAll(IMPORT)) {
    const target = resolveServerImport(file, source);
    if (!target) continue;
    const from = serverPlace(file);
    const to = serverPlace(target);
    if (!from || !to) continue;
    if (from.part !== to.part) edges.add(`${from.part}>${to.part}`);
    if (from.module && to.module && from.module !== to.module)
      moduleEdges.add(`${from.module}>${to.module}`);
    const problem = serverImportProblem(file, target);
    const where = `${path.relative(SERVER, file)} → ${source}`;
    if (problem?.kind === 'up') up.push(`${where} (${problem.from} → ${problem.to})`);
    else if (problem?.kind === 'inside') inside.push(where);
    else if (problem?.kind === 'unplaced') unplaced.add(problem.part);
  }
}

const mutual = (set) =>
  [...set]
    .map((e) => e.split('>'))
    .filter(([a, b]) => a < b && set.has(`${b}>${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`);
const pairs = mutual(edges);
const modulePairs = mutual(moduleEdges);

const show = (title, items) => {
  console.log(`${title}: ${items.length}`);
  if (list) for (const item of items) console.log(`  ${item}`);
};
console.log(`src/server product files: ${files.length}`);
show('imports up (or across) a floor', up);
show('folder pairs importing each other', pairs);
show('module pairs importing each other', modulePairs);
show("imports into another module's insides", inside);
show('files over 250 lines', long);
if (unplaced.size) console.log(`parts on no floor: ${[...unplaced].join(', ')}`);
