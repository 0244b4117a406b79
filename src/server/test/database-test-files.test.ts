import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTestFiles, HTTP_SURFACE_TESTS, postgresPassFiles } from './database-test-files';

const root = mkdtempSync(path.join(tmpdir(), 'fp-db-tests-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe('databaseTestFiles', () => {
  it('lists the test files reaching the test database through any chain of imports', () => {
    write('test/database.ts', 'export const createTestDatabase = () => null;\n');
    write('test/harness.ts', "import { createTestDatabase } from './database';\n");
    write('test/api.ts', "export * from './harness';\n");
    write('modules/a/routes.test.ts', "import { x } from '../../test/api';\n");
    write('modules/a/cycle.ts', "import { y } from './cycle-b';\n");
    write('modules/a/cycle-b.ts', "import { y } from './cycle';\n");
    write('modules/a/pure.test.ts', "import { y } from './cycle';\nimport v from 'valibot';\n");
    write('start.test.ts', 'const url = process.env.TEST_DATABASE_URL;\n');
    write('lazy.test.ts', "const h = await import('./test/harness');\n");
    write('modules/b/alias.test.ts', "import { x } from '@server/test/api';\n");
    write('modules/b/other-root.test.ts', "import { x } from '@shared/test/api';\n");

    expect(databaseTestFiles(root).map((file) => path.relative(root, file))).toEqual([
      'lazy.test.ts',
      'modules/a/routes.test.ts',
      'modules/b/alias.test.ts',
      'start.test.ts',
    ]);
  });
});

describe('postgresPassFiles', () => {
  const server = path.resolve(import.meta.dirname, '..');

  it('names only test files that exist and reach a database', () => {
    const reaching = new Set(databaseTestFiles(server));
    for (const file of HTTP_SURFACE_TESTS) {
      expect(reaching.has(path.join(server, file)), file).toBe(true);
    }
  });

  it('runs every other database test file again, these not', () => {
    const again = postgresPassFiles(server);
    expect(again.length).toBe(databaseTestFiles(server).length - HTTP_SURFACE_TESTS.length);
    expect(again).not.toContain(path.join(server, 'http/route-fuzz.test.ts'));
    expect(again).toContain(path.join(server, 'forwarding/leases.test.ts'));
  });
});
