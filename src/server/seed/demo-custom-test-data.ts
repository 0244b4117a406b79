import { createHash } from 'node:crypto';
import type { DbOrTx } from '@server/db/client';
import { customTestData } from '@server/db/schema';

/** A short CAN trace as CSV: the same rows for the same customer, so demo data stays stable. */
function canTrace(customer: string): string {
  const seed = createHash('sha256').update(customer).digest();
  const rows = Array.from({ length: 40 }, (_, i) => {
    const speed = (seed[i % seed.length] ?? 0) % 90;
    return `2026-01-15T08:${String(i).padStart(2, '0')}:00Z,${String(speed)},${String(800 + speed * 20)},${String(i % 2)}`;
  });
  return ['Timestamp,SpeedKmh,EngineRpm,Ignition', ...rows].join('\n') + '\n';
}

const checklist = (customer: string) =>
  [
    `Installation test data for ${customer}`,
    '',
    '1. Ignition on: IGN state changes within 10 s',
    '2. Drive 100 m: position and odometer advance',
    '3. Present the driver card: iButton or card number read',
    '4. Input 1 toggled: IO1 state follows',
    '',
  ].join('\n');

/** The demo's custom test data: a CAN trace and an installation checklist per customer. */
export async function seedCustomTestData(
  tx: DbOrTx,
  owners: readonly { id: number; name: string }[],
): Promise<void> {
  const rows = owners.flatMap(({ id, name }) => {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return [
      { name: `${slug}-can-trace.csv`, text: canTrace(name) },
      { name: `${slug}-installation-checklist.txt`, text: checklist(name) },
    ].map((file) => {
      const bytes = Buffer.from(file.text);
      return {
        customerId: id,
        fileName: file.name,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes,
      };
    });
  });
  if (rows.length) await tx.insert(customTestData).values(rows);
}
