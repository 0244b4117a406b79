import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Files that reach a database but test what the HTTP layer answers — routes, schemas,
 * permissions, limits, hostile requests refused before any SQL — not what the database does:
 * their answers are the same on both engines, so they run once, on the embedded one
 * (decision 065). Paths from src/server.
 */
export const HTTP_SURFACE_TESTS = [
  'app.test.ts',
  'auth/authorization-matrix.test.ts',
  'devices-link/file-upload-limit.test.ts',
  'http/id-params.test.ts',
  'http/method-not-allowed.test.ts',
  'http/openapi.test.ts',
  'http/route-declarations.test.ts',
  'http/route-fuzz.test.ts',
  'http/security-headers.test.ts',
  'http/unvalidated-bodies.test.ts',
  'modules/can-configs/upload-limit.test.ts',
  'modules/custom-test-data/upload-limit.test.ts',
  'modules/library-files/upload-limit.test.ts',
  'test/fuzz/sign-in-objects.test.ts',
];

/**
 * The server test files that reach a database: those importing, directly or through other
 * files of the repo, the test database (`test/database.ts`), or reading `TEST_DATABASE_URL`
 * themselves (they start servers on it). CI runs these a second time on PostgreSQL
 * (decision 058), apart from the HTTP_SURFACE_TESTS: the others run the same code on either
 * database.
 */
export function postgresPassFiles(serverRoot: string): string[] {
  const once = new Set(HTTP_SURFACE_TESTS.map((file) => path.join(serverRoot, file)));
  return databaseTestFiles(serverRoot).filter((file) => !once.has(file));
}

/** The server test files that reach a database (see postgresPassFiles). */
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
      localImports(file, text, serverRoot).some((imported) => visit(imported, trail));
    trail.delete(file);
    reaches.set(file, found);
    return found;
  };

  return testFiles(serverRoot).filter((file) => visit(file, new Set()));
}

/**
 * Imports of a TypeScript file, relative or by the `@server/` alias (decision 064), that resolve
 * to a `.ts` file of the repo.
 */
function localImports(file: string, text: string, serverRoot: string): string[] {
  const specifiers = text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+|@server\/[^']+)'/g);
  const files: string[] = [];
  for (const [, specifier] of specifiers) {
    if (!specifier) continue;
    const base = specifier.startsWith('@server/')
      ? path.join(serverRoot, specifier.slice('@server/'.length))
      : path.resolve(path.dirname(file), specifier);
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
