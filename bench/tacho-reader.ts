/**
 * Tachograph file reader throughput: readTachoFile over a mix of built downloads — vehicle
 * units with a year of daily activity blocks and eight hours of detailed speed, and driver
 * cards with 28 days and a year of activity — of both generations, as the device link reads
 * each upload. Reported in MB/s of file read, and the time per file of each kind.
 */
import {
  buildDriverCardFile,
  buildVehicleUnitFile,
  readTachoFile,
} from '../src/server/tacho/file-format';
import { printBlock, type Metric, type Outcome } from './report';
import { percentile, round, table } from './stats';

const DAY_MS = 86_400_000;
const RUN_MS = 3000;

interface Sample {
  kind: string;
  file: Uint8Array;
}

function mix(): Sample[] {
  const to = new Date('2026-11-24T15:30:00Z');
  const before = (days: number) => new Date(to.getTime() - days * DAY_MS);
  const samples: Sample[] = [];
  for (let i = 0; i < 40; i++) {
    const generation = i % 2 === 0 ? 1 : 2;
    const driver = {
      cardNumber: `NL${String(i).padStart(14, '0')}`,
      nation: 'NL',
      surname: `Driver ${i}`,
      firstNames: 'Jan',
    };
    if (i < 10)
      samples.push({
        kind: `vehicle unit, 1 year, gen ${generation}`,
        file: buildVehicleUnitFile({
          generation,
          vin: `WDB96340310${String(100000 + i)}`,
          licensePlate: `AB-${100 + i}-CD`,
          nation: 'NL',
          from: before(365),
          to,
          driver,
        }),
      });
    const days = i % 4 < 2 ? 365 : 28;
    samples.push({
      kind: `driver card, ${days} days, gen ${generation}`,
      file: buildDriverCardFile({ generation, ...driver, from: before(days), to }),
    });
  }
  return samples;
}

export function benchTachoReader(): Promise<Outcome> {
  const samples = mix();
  const totalBytes = samples.reduce((sum, s) => sum + s.file.length, 0);
  // Warm up (JIT, decoders), and check the mix reads as it was built.
  for (const s of samples)
    if (readTachoFile(s.file).validState !== 1) throw new Error(`${s.kind}: not ok`);

  const perKind = new Map<string, number[]>();
  let rounds = 0;
  const start = performance.now();
  while (performance.now() - start < RUN_MS) {
    for (const s of samples) {
      const t = performance.now();
      readTachoFile(s.file);
      const ms = performance.now() - t;
      const list = perKind.get(s.kind) ?? [];
      list.push(ms);
      perKind.set(s.kind, list);
    }
    rounds++;
  }
  const seconds = (performance.now() - start) / 1000;
  const mbPerSecond = round((totalBytes * rounds) / 1e6 / seconds, 0);
  const filesPerSecond = round((samples.length * rounds) / seconds, 0);

  const kinds = [...perKind.entries()].map(([kind, times]) => {
    const size = samples.find((s) => s.kind === kind)?.file.length ?? 0;
    return {
      kind,
      kib: round(size / 1024, 1),
      p50: percentile(times, 50),
      p95: percentile(times, 95),
    };
  });
  printBlock('Tachograph file reader', [
    `${samples.length} files, ${round(totalBytes / 1e6, 2)} MB, ${rounds} rounds in ${round(seconds, 1)} s`,
    `throughput: ${mbPerSecond} MB/s, ${filesPerSecond} files/s`,
    table(
      ['file', 'KiB', 'p50 µs', 'p95 µs'],
      kinds.map((k) => [
        k.kind,
        String(k.kib),
        String(round(k.p50 * 1000, 1)),
        String(round(k.p95 * 1000, 1)),
      ]),
      [1, 2, 3],
    ),
  ]);
  const metrics: Metric[] = [
    { name: 'reader throughput', value: mbPerSecond, unit: 'MB/s' },
    { name: 'files read', value: filesPerSecond, unit: '/s' },
  ];
  return Promise.resolve({
    metrics,
    details: { files: samples.length, totalBytes, rounds, kinds },
  });
}
