import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The end-to-end run's seeded data directory: the first portal seeds it, the others start from a
 * copy (tests/e2e/support/portal.ts). Seeding the demo took a fifth of each file's time.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-e2e-template-'));
  process.env.E2E_TEMPLATE_DIR = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
