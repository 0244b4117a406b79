// `npm test` runs the end-to-end suite in Debian's Chromium; say plainly when it is missing.
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `\nNo Chromium found at ${path}.\n` +
      "The end-to-end tests drive Debian's Chromium. Install it with:\n" +
      '  sudo apt-get install chromium\n' +
      'or point CHROMIUM_PATH at another Chromium binary.\n',
  );
  process.exit(1);
}
