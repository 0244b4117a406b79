/**
 * Hand-writing download files in tests, field by field as the standard lays them out — kept
 * apart from the product's ByteWriter so the reader is checked against the layouts, not
 * against the builder.
 */

/** Bytes from hex text: '76 01', '0520 00' (spaces ignored). */
export function hex(text: string): number[] {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 2) throw new Error(`odd hex: ${text}`);
  const out: number[] = [];
  for (let i = 0; i < clean.length; i += 2) out.push(parseInt(clean.slice(i, i + 2), 16));
  return out;
}

export const u16 = (v: number): number[] => [(v >>> 8) & 0xff, v & 0xff];
export const u24 = (v: number): number[] => [(v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
export const u32 = (v: number): number[] => [...u16(Math.floor(v / 65536)), ...u16(v % 65536)];

/** TimeReal of an ISO instant: seconds since 1970 UTC. */
export const time = (iso: string): number[] => u32(Date.parse(iso) / 1000);

/** Latin-1 text padded with spaces to `length`. */
export function text(value: string, length: number): number[] {
  const out = Array.from(
    { length: Math.min(value.length, length) },
    (_, i) => value.charCodeAt(i) & 0xff,
  );
  while (out.length < length) out.push(0x20);
  return out;
}

/** Name (§2.99): code page byte + 35 bytes of text (raw bytes allowed for other code pages). */
export const name = (codePage: number, value: string | number[]): number[] => {
  const body =
    typeof value === 'string' ? text(value, 35) : [...value, ...fill(35 - value.length, 0x20)];
  return [codePage, ...body];
};

export const fill = (n: number, value = 0): number[] => new Array<number>(n).fill(value);

/** A non-blank stand-in for a signature or certificate of `n` bytes. */
export const pattern = (n: number, seed = 1): number[] =>
  Array.from({ length: n }, (_, i) => (i * 31 + seed * 7 + 1) & 0xff);

export const bytes = (...parts: number[][]): Uint8Array => Uint8Array.from(parts.flat());

/** A card download block: FID + appendix, length, data. */
export const block = (tag: string, data: number[]): number[] => [
  ...hex(tag),
  ...u16(data.length),
  ...data,
];
