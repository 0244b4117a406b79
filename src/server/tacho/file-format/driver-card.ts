/**
 * Driver card downloads (Annex 1B Appendix 7 §3.3 / Annex 1C Appendix 7 §3.3): the card's
 * elementary files one after the other, each as tag — FID (2 bytes) and appendix (1: 00 data,
 * 01 its signature; second generation 02 data, 03 signature) — length (2) and data. A second-
 * generation card's file holds its first-generation application (00/01) and its second (02/03).
 * Read: EF_Application_Identification ('0501'H: typeOfTachographCardId), EF_Identification
 * ('0520'H: CardIdentification §2.24 + DriverCardHolderIdentification §2.62) and
 * EF_Driver_Activity_Data ('0504'H, card-activity.ts); the others (EF_ICC '0002'H, EF_IC '0005'H,
 * EF_Card_Download '050E'H, events, faults, vehicles, places, certificates '0C1xx'H…) are only
 * checked for their place in the layout and their signatures.
 */
import { TACHO_KINDS } from '@shared/tacho/tacho';
import { isBlank, u16, u8 } from './bytes';
import { readActivityPeriod } from './card-activity';
import { nationAlpha } from './nations';
import { ia5, readName, NAME_LENGTH } from './strings';
import { newFindings, problem, type Findings } from './summary';
import { SIGNATURE_MAX, SIGNATURE_MIN } from './vu-gen2';

export const EF = {
  icc: 0x0002,
  ic: 0x0005,
  applicationIdentification: 0x0501,
  driverActivityData: 0x0504,
  cardDownload: 0x050e,
  identification: 0x0520,
} as const;
/** CardIdentification: nation (1), cardNumber (16), authority Name, 3 TimeReal. */
export const CARD_IDENTIFICATION = 1 + 16 + NAME_LENGTH + 12;
/** + DriverCardHolderIdentification: surname and first names (Name), birth date, language. */
export const DRIVER_IDENTIFICATION = CARD_IDENTIFICATION + 2 * NAME_LENGTH + 4 + 2;
const DRIVER_CARD = 1; // EquipmentType (§2.67)

/** Files of the card applications: 0002, 0005, 05xx, and the certificates C1xx. */
const knownFid = (fid: number): boolean =>
  fid === EF.icc || fid === EF.ic || fid >> 8 === 0x05 || fid >> 8 === 0xc1;
/** Files of the tachograph application are signed; EF_ICC, EF_IC and certificates are not. */
const signed = (fid: number): boolean => fid >> 8 === 0x05;

export const isDriverCardFile = (b: Uint8Array): boolean =>
  b.length >= 3 && knownFid(u16(b, 0)) && (b[2] ?? 0) <= 3;

/**
 * The files a driver card's tachograph application holds in each generation (Annex 1B
 * Appendix 2 §4 / Annex 1C Appendix 2 §4): application identification, events, faults, driver
 * activity, vehicles used, places, current usage, control activity, identification, specific
 * conditions; the second adds vehicle units used and GNSS places. A download misses one only
 * when it was cut short at a file boundary, or made by a tool that left files out.
 */
const REQUIRED_FILES = [
  [0x0501, 0x0502, 0x0503, 0x0504, 0x0505, 0x0506, 0x0507, 0x0508, 0x0520, 0x0522],
  [0x0501, 0x0502, 0x0503, 0x0504, 0x0505, 0x0506, 0x0507, 0x0508, 0x0520, 0x0522, 0x0523, 0x0524],
] as const;

const MISSING: Partial<Record<number, string>> = {
  [EF.identification]: 'identification missing',
  [EF.driverActivityData]: 'activity data missing',
};

interface Generation {
  /** Signed data files seen: an application is there if any of its files is. */
  files: Set<number>;
  cardNumber: string | null;
  nation: string | null;
  driverName: string | null;
  period: { from: Date; to: Date } | null;
}

const emptyGeneration = (): Generation => ({
  files: new Set(),
  cardNumber: null,
  nation: null,
  driverName: null,
  period: null,
});

function readIdentification(b: Uint8Array, at: number, length: number, g: Generation, f: Findings) {
  if (length < CARD_IDENTIFICATION + 2 * NAME_LENGTH) {
    problem(f, 'identification block too short');
    return;
  }
  g.nation = nationAlpha(u8(b, at));
  g.cardNumber = ia5(b, at + 1, 16);
  const surname = readName(b, at + CARD_IDENTIFICATION);
  const firstNames = readName(b, at + CARD_IDENTIFICATION + NAME_LENGTH);
  g.driverName = [firstNames, surname].filter(Boolean).join(' ') || null;
}

function readBlock(
  b: Uint8Array,
  fid: number,
  at: number,
  length: number,
  g: Generation,
  f: Findings,
) {
  if (fid === EF.applicationIdentification && length > 0 && u8(b, at) !== DRIVER_CARD) {
    f.incomplete = true;
    problem(f, 'not a driver card');
  } else if (fid === EF.identification) readIdentification(b, at, length, g, f);
  else if (fid === EF.driverActivityData) {
    const period = readActivityPeriod(b, at, length);
    if (period === 'broken') {
      f.broken = true;
      problem(f, 'activity data broken');
    } else g.period = period;
  }
}

export function readDriverCard(b: Uint8Array): Findings {
  const f = newFindings(TACHO_KINDS.driver);
  const gens = [emptyGeneration(), emptyGeneration()] as const;
  /** The signed data block still waiting for its signature block. */
  let unsigned: { fid: number; appendix: number } | null = null;
  const missingSignature = () => {
    f.badSignature = true;
    problem(f, 'signature missing');
  };
  let at = 0;
  while (at < b.length) {
    const fid = u16(b, at);
    const appendix = u8(b, at + 2);
    const length = u16(b, at + 3);
    if (length < 0) {
      f.broken = true;
      problem(f, 'file truncated');
      break;
    }
    if (!knownFid(fid) || appendix > 3) {
      f.broken = true;
      problem(f, 'unexpected data between blocks');
      break;
    }
    const data = at + 5;
    if (data + length > b.length) {
      f.broken = true;
      problem(f, 'file truncated');
      break;
    }
    const second = appendix >= 2;
    if (second) f.generation = 2;
    else f.generation ??= 1;
    if (appendix % 2 === 1) {
      // A signature: it must follow its data block, at the size of its generation.
      const sized = second ? length >= SIGNATURE_MIN && length <= SIGNATURE_MAX : length === 128;
      if (unsigned?.fid !== fid || unsigned.appendix !== appendix - 1) missingSignature();
      else if (!sized || isBlank(b, data, length)) {
        f.badSignature = true;
        problem(f, sized ? 'signature missing' : 'signature of the wrong size');
      }
      unsigned = null;
    } else {
      if (unsigned) missingSignature();
      unsigned = signed(fid) ? { fid, appendix } : null;
      const g = gens[second ? 1 : 0];
      if (signed(fid)) g.files.add(fid);
      readBlock(b, fid, data, length, g, f);
    }
    at = data + length;
  }
  if (unsigned && !f.broken) missingSignature();
  // The second generation's files win; the first's stand in where they are missing.
  const [g1, g2] = gens;
  const ident = g2.files.has(EF.identification) ? g2 : g1;
  f.cardNumber = ident.cardNumber;
  f.nation = ident.nation;
  f.driverName = ident.driverName;
  const activity = g2.files.has(EF.driverActivityData) ? g2 : g1;
  f.periodFrom = activity.period?.from ?? null;
  f.periodTo = activity.period?.to ?? null;
  const present = gens.filter((g) => g.files.size > 0);
  for (const g of present.length ? present : [g1]) {
    const missing = REQUIRED_FILES[g === g2 ? 1 : 0].filter((fid) => !g.files.has(fid));
    if (missing.length) f.incomplete = true;
    for (const fid of missing) problem(f, MISSING[fid] ?? 'card files missing');
  }
  return f;
}
