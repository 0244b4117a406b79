/**
 * The reader never throws and never calls a damaged file ok: truncation at every offset,
 * random garbage, random damage to real files, absurd declared lengths, strange code pages.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '@server/simulator/random';
import { READER_FAILURE, readTachoFile } from './read';
import type { TachoFileSummary } from './summary';
import { block, bytes, fill, hex, name, pattern, u16 } from './test/bytes';
import { cardFile, smallFiles, vehicleFile } from './test/files';

const OK_STATES = [1, 11];

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CLEAN_TEXT = /^[^\u0000-\u001f\u007f-\u009f\ufffd]+$/;

/** What is wrong with a summary's shape or hygiene, whatever the input ('' when nothing). */
function unsound(s: TachoFileSummary): string {
  if (s.problems.includes(READER_FAILURE)) return 'reader failure';
  if (![1, 2, 3, 11, 12, 44].includes(s.validState)) return `state ${s.validState}`;
  if ((s.kind === null) !== (s.validState === 44)) return 'kind and state disagree';
  if ((s.periodFrom === null) !== (s.periodTo === null)) return 'half a period';
  if (s.periodFrom && s.periodTo && s.periodFrom > s.periodTo) return 'period out of order';
  const texts = [s.vin, s.licensePlate, s.nation, s.cardNumber, s.driverName];
  if (texts.some((t) => t !== null && !CLEAN_TEXT.test(t))) return 'unclean text';
  if (s.problems.length > 10) return 'too many problems';
  return '';
}

/** Runs the reader over many inputs and lists the failures (one expect: fast and readable). */
function failures(inputs: Iterable<Uint8Array>, check: (s: TachoFileSummary, i: number) => string) {
  const found: string[] = [];
  let i = 0;
  for (const input of inputs) {
    const summary = readTachoFile(input);
    const issue = unsound(summary) || check(summary, i);
    if (issue && found.length < 5) found.push(`#${i} (${input.length} bytes): ${issue}`);
    i++;
  }
  return found;
}

const notOk = (s: TachoFileSummary) => (OK_STATES.includes(s.validState) ? 'called ok' : '');

describe('truncation', () => {
  it.each(smallFiles())('%s cut at every offset is never ok', (_, file) => {
    expect(OK_STATES).toContain(readTachoFile(file).validState);
    // A second-generation card's file cut just before its second application is a complete
    // first-generation download (what a first-generation VU reads from such a card).
    const gen1Only = firstBlockWithAppendix(file, 2);
    const cuts = Array.from({ length: file.length }, (_, length) => file.subarray(0, length));
    const found = failures(cuts, (s, length) =>
      length === gen1Only
        ? s.generation === 1 && s.validState === 1
          ? ''
          : 'first application alone not ok'
        : notOk(s),
    );
    expect(found).toEqual([]);
  });
});

describe('garbage', () => {
  it('random buffers are unreadable or not ok, never thrown', () => {
    const random = createRandom(12);
    const buffers = Array.from({ length: 5000 }, (_, i) => {
      const length = random.int(0, i % 10 === 0 ? 5000 : 64);
      const buffer = Uint8Array.from({ length }, () => random.int(0, 255));
      // Two in three start like a download, so the format readers get the garbage too.
      if (i % 3 === 1 && length >= 2)
        buffer.set([0x76, random.pick([0x01, 0x02, 0x21, 0x24, 0x31])]);
      if (i % 3 === 2 && length >= 3)
        buffer.set([0x05, random.pick([0x01, 0x04, 0x20]), random.int(0, 3)]);
      return buffer;
    });
    expect(failures(buffers, notOk)).toEqual([]);
  });

  it('random damage to real files is survived', () => {
    const random = createRandom(34);
    const files = smallFiles().map(([, file]) => file);
    const damaged = Array.from({ length: 3000 }, () => {
      const file = random.pick(files).slice();
      for (let n = random.int(1, 8); n > 0; n--)
        file[random.int(0, file.length - 1)] = random.int(0, 255);
      return file;
    });
    expect(failures(damaged, () => '')).toEqual([]);
  });

  it('empty, one byte, not a Uint8Array', () => {
    expect(readTachoFile(new Uint8Array(0))).toMatchObject({ kind: null, validState: 44 });
    expect(readTachoFile(Uint8Array.of(0x76))).toMatchObject({ kind: null, validState: 44 });
    expect(readTachoFile('x' as unknown as Uint8Array).validState).toBe(44);
    expect(readTachoFile(Buffer.from(vehicleFile())).validState).toBe(1);
  });
});

describe('absurd lengths', () => {
  it('are refused without reading or allocating', () => {
    const huge = [
      bytes(hex('0002 00 FFFF'), fill(10)), // a card block longer than the file
      bytes(hex('76 21'), [0x04, ...u16(0xffff), ...u16(0xffff)]), // 4 GB of certificates
      bytes(hex('76 02'), fill(7), u16(0xffff), fill(100)), // 65535 card records in a day
      bytes(hex('76 04'), u16(0xffff)), // 65535 speed blocks
    ];
    for (const file of huge) {
      const start = performance.now();
      const summary = readTachoFile(file);
      expect(summary.validState).toBe(2);
      expect(summary.problems[0]).toBe('file truncated');
      expect(performance.now() - start).toBeLessThan(50);
    }
  });

  it('a self-referencing activity chain ends', () => {
    // Newest record says the previous one is 16 bytes back, which says the same: a loop.
    const record = [...u16(16), ...u16(16), ...hex('6A000000 0001 0000'), ...fill(4)];
    const activity = [...u16(17), ...u16(0), ...record, ...record, ...fill(28)];
    const file = bytes(block('0504 00', activity), block('0504 01', pattern(128)));
    expect(unsound(readTachoFile(file))).toBe('');
  });

  it('an 8 MB file is read in well under a second', () => {
    const file = new Uint8Array(8 * 1024 * 1024);
    file.set(vehicleFile({ speedMinutes: 0 }));
    const start = performance.now();
    expect(readTachoFile(file).validState).toBe(2); // zeros after the last block
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('code pages', () => {
  const withName = (codePage: number, raw: number[]) => {
    const file = cardFile().slice();
    // EF_Identification's holderSurname: after ICC, IC, application id (+ signature) and
    // two certificates, the 0520 block's data begins; the surname is at +65.
    const at = findBlock(file, 0x0520) + 65;
    file.set(name(codePage, raw), at);
    return readTachoFile(file).driverName;
  };

  it('decodes 8859-1, -2, -5, -7, -15 and falls back to Latin-1', () => {
    expect(withName(1, [0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72])).toBe('Jan Peter Müller');
    expect(withName(2, [0xa3, 0xf3, 0x64, 0xbc])).toBe('Jan Peter Łódź');
    expect(withName(5, [0xb8, 0xd2, 0xd0, 0xdd])).toBe('Jan Peter Иван');
    expect(withName(7, [0xc3, 0xe9, 0xfe, 0xf1, 0xe3, 0xef, 0xf2])).toBe('Jan Peter Γιώργος');
    expect(withName(15, [0xa4, 0x20, 0xbd])).toBe('Jan Peter € œ');
    expect(withName(99, [0x4d, 0xfc])).toBe('Jan Peter Mü'); // unknown code page
    expect(withName(0, [0x4d, 0xfc])).toBe('Jan Peter Mü');
  });

  it('strips padding, NULs, control characters and undefined bytes', () => {
    expect(withName(1, [0x00, 0x41, 0x00, 0x1b, 0x42, 0x7f, 0x9b, 0x43, 0xff, 0xff])).toBe(
      'Jan Peter ABC',
    );
    expect(withName(7, [0x41, 0xff, 0x42])).toBe('Jan Peter AB'); // FF undefined in 8859-7
    expect(withName(1, fill(35, 0xff))).toBe('Jan Peter'); // surname unwritten
  });
});

/** Offset of the first card block with this appendix (-1: none, or not a card download). */
function firstBlockWithAppendix(file: Uint8Array, appendix: number): number {
  if (file[0] === 0x76) return -1;
  let at = 0;
  while (at + 5 <= file.length) {
    if (file[at + 2] === appendix) return at;
    at += 5 + (((file[at + 3] ?? 0) << 8) | (file[at + 4] ?? 0));
  }
  return -1;
}

/** Offset of the first data block with this FID in a card download. */
function findBlock(file: Uint8Array, fid: number): number {
  let at = 0;
  while (at + 5 <= file.length) {
    const length = ((file[at + 3] ?? 0) << 8) | (file[at + 4] ?? 0);
    if ((((file[at] ?? 0) << 8) | (file[at + 1] ?? 0)) === fid) return at + 5;
    at += 5 + length;
  }
  throw new Error(`no block ${fid}`);
}
