import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The server test files that reach a database: those importing, directly or through other
 * files of the repo, the test database (`test/database.ts`), or reading `TEST_DATABASE_URL`
 * themselves (they start servers on it). CI runs only these a second time on PostgreSQL
 * (decision 058): the others run the same code on either database.
 */
export function databaseTestFiles(serverRoot: string): string[] {
  const databaseHelper = path.join(serverRoot, 'test', 'database.ts');
  const reaches = new Map<string, boolean>();

  const visit = (file: string, trail: Set<string>): boolean => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (trail.has(file)) return false;
    trail.add(file);
    const text = readFileSync(file, 'utf8');
    const found =
      file === databaseHelper ||
      text.includes('TEST_DATABASE_URL') ||
      localImports(file, text).some((imported) => visit(imported, trail));
    trail.delete(file);
    reaches.set(file, found);
    return found;
  };

  return testFiles(serverRoot).filter((file) => visit(file, new Set()));
}

/** Relative imports of a TypeScript file that resolve to a `.ts` file of the repo. */
function localImports(file: string, text: string): string[] {
  const specifiers = text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g);
  const files: string[] = [];
  for (const [, specifier] of specifiers) {
    if (!specifier) continue;
    const base = path.resolve(path.dirname(file), specifier);
    const candidates = [base, `${base}.ts`, path.join(base, 'index.ts')];
    const resolved = candidates.find(
      (candidate) =>
        candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (resolved) files.push(resolved);
  }
  return files;
}

function testFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(root, file))
    .sort();
}
