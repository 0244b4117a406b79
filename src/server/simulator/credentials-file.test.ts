import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCredentialsFile, readCredentialsFile } from './credentials-file';

describe('the simulator credentials file', () => {
  it('defaults to DATA_DIR/demo-device-credentials.json', () => {
    expect(defaultCredentialsFile('/srv/fleet')).toBe('/srv/fleet/demo-device-credentials.json');
  });

  it('reads IMEI → credential in file order and refuses other shapes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fp-sim-'));
    try {
      const file = path.join(dir, 'credentials.json');
      writeFileSync(file, JSON.stringify({ '861692040000017': 'a', '861692040000025': 'b', x: 1 }));
      expect(readCredentialsFile(file)).toEqual([
        { imei: '861692040000017', credential: 'a' },
        { imei: '861692040000025', credential: 'b' },
      ]);
      writeFileSync(file, '["861692040000017"]');
      expect(() => readCredentialsFile(file)).toThrow(/IMEI → credential/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
