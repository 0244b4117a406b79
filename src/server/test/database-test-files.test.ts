import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-test-files';

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

    expect(databaseTestFiles(root).map((file) => path.relative(root, file))).toEqual([
      'lazy.test.ts',
      'modules/a/routes.test.ts',
      'start.test.ts',
    ]);
  });
});
