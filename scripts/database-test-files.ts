import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { postgresPassFiles } from '../src/server/test/database-test-files';

/**
 * Prints the server test files of `.ci/run`'s PostgreSQL pass, one per line: those that reach a
 * database, apart from the HTTP-surface ones (decision 065).
 */
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
for (const file of postgresPassFiles(path.join(root, 'src', 'server'))) {
  console.log(path.relative(root, file));
}
