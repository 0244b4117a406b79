import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { databaseTestFiles } from '../src/server/test/database-test-files';

/** Prints the server test files that reach a database, one per line (`.ci/run`'s PostgreSQL pass). */
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
for (const file of databaseTestFiles(path.join(root, 'src', 'server'))) {
  console.log(path.relative(root, file));
}
