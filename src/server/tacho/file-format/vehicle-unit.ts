/**
 * Vehicle unit (mass memory) downloads: the answers to "Transfer Data" requests as stored in a
 * download file, each as SID '76'H + TREP + data (Annex 1B Appendix 7 §2.2.6, Annex 1C
 * Appendix 7 §2.2.6). TREP 00 is the download interface version (2 bytes, Annex 1C), 01–05 the
 * first generation's Overview, Activities, Events and faults, Detailed speed, Technical data;
 * 21–25 the second generation's, 31–35 its version 2 (no 34: speed stays 24).
 */
import { TACHO_KINDS } from '@shared/tacho/tacho';
import { checkGen1Signature, gen1End, readGen1Overview } from './vu-gen1';
import {
  checkGen2Signature,
  gen2End,
  readGen2OverviewArray,
  RECORD,
  type RecordArray,
} from './vu-gen2';
import { newFindings, problem, type Findings } from './summary';

export const VU_SID = 0x76;
const GEN1_TREPS = new Set([0x01, 0x02, 0x03, 0x04, 0x05]);
const GEN2_TREPS = new Set([0x21, 0x22, 0x23, 0x24, 0x25, 0x31, 0x32, 0x33, 0x35]);
const INTERFACE_VERSION = 0x00;
/** A TREP's part of the download, whatever its generation: 1 overview … 5 technical data. */
const part = (trep: number): number => trep & 0x0f;
const OVERVIEW = 1;
const ACTIVITIES = 2;
/** A download that answered the full request holds these (1 and 3–5; 2 once per day). */
const PART_PROBLEMS: readonly [number, string][] = [
  [OVERVIEW, 'overview missing'],
  [3, 'events and faults missing'],
  [4, 'detailed speed missing'],
  [5, 'technical data missing'],
];

const knownTrep = (trep: number): boolean =>
  trep === INTERFACE_VERSION || GEN1_TREPS.has(trep) || GEN2_TREPS.has(trep);

/** A VU download starts with a transfer response: '76'H and a TREP the standard defines. */
export const isVehicleUnitFile = (b: Uint8Array): boolean =>
  b.length >= 2 && b[0] === VU_SID && knownTrep(b[1] ?? 0);

export function readVehicleUnit(b: Uint8Array): Findings {
  const f = newFindings(TACHO_KINDS.vehicle);
  const parts = new Map<number, number>();
  let at = 0;
  while (at < b.length) {
    if (at + 2 > b.length || b[at] !== VU_SID || !knownTrep(b[at + 1] ?? 0)) {
      f.broken = true;
      problem(f, at + 2 > b.length ? 'file truncated' : 'unexpected data between blocks');
      break;
    }
    const trep = b[at + 1] ?? 0;
    const start = at + 2;
    const seen = trep === INTERFACE_VERSION ? 0 : (parts.get(part(trep)) ?? 0);
    if (trep !== INTERFACE_VERSION) parts.set(part(trep), seen + 1);
    const overview = part(trep) === OVERVIEW && seen === 0;
    let end: number;
    if (trep === INTERFACE_VERSION) end = start + 2 <= b.length ? start + 2 : -1;
    else if (GEN1_TREPS.has(trep)) {
      f.generation ??= 1;
      if (overview) readGen1Overview(b, start, f);
      end = gen1End(b, start, trep);
      if (end >= 0) checkGen1Signature(b, end, f);
    } else {
      f.generation = 2;
      end = gen2End(b, start, (array: RecordArray) => {
        if (overview) readGen2OverviewArray(array, b, f);
        if (array.type === RECORD.signature) checkGen2Signature(array, b, f);
      });
    }
    if (end < 0) {
      f.broken = true;
      problem(f, 'file truncated');
      break;
    }
    at = end;
  }
  if (f.broken) return f;
  for (const [missing, text] of PART_PROBLEMS) {
    if (parts.has(missing)) continue;
    f.incomplete = true;
    problem(f, text);
  }
  // A VU that recorded a period has activity days in it; one never used may have none.
  if (!parts.has(ACTIVITIES) && f.periodTo) {
    f.incomplete = true;
    problem(f, 'activities missing');
  }
  return f;
}
