/**
 * The tacho benchmark's API in a process of its own, as in production: the process that bulk-
 * loaded 5 million records keeps a grown WebAssembly heap and the load's garbage, and an API in
 * it measured about half as fast again (p95 61 against 40 ms for the first page). Forked by
 * `measureTachoInOwnProcess`; opens the loaded database, measures, answers, exits.
 */
import { openDatabase, type OpenOptions } from '../src/server/db/client';
import { measureTacho } from './tacho';

process.once('message', (message: { options: OpenOptions; label: string }) => {
  void (async () => {
    const database = await openDatabase(message.options);
    try {
      process.send?.(await measureTacho(database, message.label));
    } finally {
      await database.close();
    }
  })().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
