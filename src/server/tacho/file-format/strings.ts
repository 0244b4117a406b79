/**
 * Text fields of the download formats (Annex 1B/1C Appendix 1): IA5String (VIN, card numbers),
 * and Name / VehicleRegistrationNumber, a code-page byte (§2.99 Name: "codePage specifies a
 * character set defined in Chapter 4", i.e. the number of the ISO/IEC 8859 part) followed by
 * fixed-width text padded with spaces, 00 or FF. Decoded text is trimmed and cleaned of NULs,
 * control characters and undecodable bytes, so nothing a file holds can break a screen or a log.
 */
import { TextDecoder } from 'node:util';
import { fits } from './bytes';

/** Code-page byte → WHATWG encoding label; 1 (and anything unknown) is decoded as ISO 8859-1. */
const CODE_PAGES: Readonly<Record<number, string>> = {
  2: 'iso-8859-2',
  3: 'iso-8859-3',
  4: 'iso-8859-4',
  5: 'iso-8859-5',
  6: 'iso-8859-6',
  7: 'iso-8859-7',
  8: 'iso-8859-8',
  // WHATWG maps 8859-9 to windows-1254; they differ only in 80–9F, controls we strip anyway.
  9: 'iso-8859-9',
  10: 'iso-8859-10',
  13: 'iso-8859-13',
  14: 'iso-8859-14',
  15: 'iso-8859-15',
  // 16 (Romanian) has no WHATWG decoder: it falls back to 8859-1, right for plain letters.
  80: 'koi8-r',
  85: 'koi8-u',
};

const decoders = new Map<number, TextDecoder>();

function decoderFor(codePage: number): TextDecoder | null {
  const label = CODE_PAGES[codePage];
  if (!label) return null;
  let decoder = decoders.get(codePage);
  if (!decoder) {
    decoder = new TextDecoder(label);
    decoders.set(codePage, decoder);
  }
  return decoder;
}

const isPadding = (byte: number): boolean => byte === 0x20 || byte === 0x00 || byte === 0xff;

// C0 and C1 controls, DEL, and U+FFFD (a byte the code page does not define).
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\ufffd]/g;

/**
 * Text of `length` bytes at `at` in the given code page (-1: IA5, read as 8859-1 too); null when
 * out of bounds or nothing is left after trimming the padding.
 */
export function decodeText(
  b: Uint8Array,
  at: number,
  length: number,
  codePage: number,
): string | null {
  if (!fits(b, at, length)) return null;
  let start = at;
  let end = at + length;
  while (start < end && isPadding(b[start] ?? 0)) start++;
  while (end > start && isPadding(b[end - 1] ?? 0)) end--;
  if (start === end) return null;
  const decoder = decoderFor(codePage);
  let text: string;
  if (decoder) text = decoder.decode(b.subarray(start, end));
  else {
    text = '';
    for (let i = start; i < end; i++) text += String.fromCharCode(b[i] ?? 0);
  }
  const clean = text.replace(UNWANTED, '').trim();
  return clean === '' ? null : clean;
}

/** IA5String (VIN, card number): ASCII; bytes above 7F are kept as 8859-1 and then cleaned. */
export const ia5 = (b: Uint8Array, at: number, length: number): string | null =>
  decodeText(b, at, length, -1);

/** Name (§2.99): code page byte + 35 bytes. */
export const NAME_LENGTH = 36;
export const readName = (b: Uint8Array, at: number): string | null =>
  fits(b, at, NAME_LENGTH) ? decodeText(b, at + 1, NAME_LENGTH - 1, b[at] ?? 0) : null;

/** The character each byte stands for in a code page (builders encode with it). */
function codePageTable(codePage: number): string[] {
  const decoder = decoderFor(codePage);
  const table: string[] = [];
  for (let i = 0; i < 256; i++)
    table.push(decoder ? decoder.decode(Uint8Array.of(i)) : String.fromCharCode(i));
  return table;
}

const encoders = new Map<number, Map<string, number>>();

/** Code pages a builder tries, in order, for a text: Latin-1, Central European, Cyrillic, Greek. */
export const BUILDER_CODE_PAGES = [1, 2, 5, 7, 15, 13] as const;

/** Bytes of `text` in a code page, '?' for a character it lacks; null if none is printable. */
export function encodeText(text: string, codePage: number): number[] | null {
  let map = encoders.get(codePage);
  if (!map) {
    const fresh = new Map<string, number>();
    codePageTable(codePage).forEach((char, byte) => {
      if (byte >= 0x20 && !fresh.has(char)) fresh.set(char, byte);
    });
    encoders.set(codePage, fresh);
    map = fresh;
  }
  const bytes: number[] = [];
  let missing = 0;
  for (const char of text) {
    const byte = map.get(char);
    if (byte === undefined) missing++;
    bytes.push(byte ?? 0x3f);
  }
  return missing === 0 ? bytes : null;
}

/** The first builder code page that holds every character of the texts (else 1, with '?'). */
export function pickCodePage(...texts: string[]): number {
  return BUILDER_CODE_PAGES.find((cp) => texts.every((t) => encodeText(t, cp))) ?? 1;
}
