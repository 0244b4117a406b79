import { createHash } from 'node:crypto';
import type { DbOrTx } from '@server/db/client';
import { libraryFiles } from '@server/db/schema';

/**
 * Demo content for a library file: a header naming what it is, then bytes derived from the name,
 * so every file differs and devices in the demo (and the simulator) really download and check
 * one. Not a real configuration or image.
 */
export function demoFileBytes(name: string, size: number): Buffer {
  const header = Buffer.from(`FLEET-PORTAL DEMO ${name}\n`);
  const bytes = Buffer.alloc(size);
  header.copy(bytes);
  let block = createHash('sha256').update(name).digest();
  for (let at = header.length; at < size; at += block.length) {
    block.copy(bytes, at);
    block = createHash('sha256').update(block).digest();
  }
  return bytes;
}

/** Stores demo files; answers their ids in the same order. */
export async function insertDemoFiles(
  tx: DbOrTx,
  files: readonly { name: string; size: number }[],
): Promise<number[]> {
  if (files.length === 0) return [];
  const rows = files.map(({ name, size }) => {
    const bytes = demoFileBytes(name, size);
    return { size, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
  });
  const ids = await tx.insert(libraryFiles).values(rows).returning({ id: libraryFiles.id });
  return ids.map((row) => row.id).sort((a, b) => a - b);
}
