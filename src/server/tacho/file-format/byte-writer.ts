/**
 * A growing big-endian byte buffer for the download file builders, with the field types of the
 * data dictionary (Annex 1B/1C Appendix 1): TimeReal, IA5 and code-page text padded with
 * spaces, Name, and a fake signature of the right size.
 */
import { createHash } from 'node:crypto';
import { encodeText, pickCodePage } from './strings';

export class ByteWriter {
  #buf = new Uint8Array(4096);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  #room(n: number): void {
    if (this.#length + n <= this.#buf.length) return;
    const next = new Uint8Array(Math.max(this.#buf.length * 2, this.#length + n));
    next.set(this.#buf.subarray(0, this.#length));
    this.#buf = next;
  }

  u8(v: number): this {
    this.#room(1);
    this.#buf[this.#length++] = v & 0xff;
    return this;
  }

  u16(v: number): this {
    return this.u8(v >>> 8).u8(v);
  }

  u24(v: number): this {
    return this.u8(v >>> 16)
      .u8(v >>> 8)
      .u8(v);
  }

  u32(v: number): this {
    return this.u16(Math.floor(v / 65536)).u16(v % 65536);
  }

  bytes(data: ArrayLike<number>): this {
    this.#room(data.length);
    this.#buf.set(data, this.#length);
    this.#length += data.length;
    return this;
  }

  fill(n: number, value = 0): this {
    this.#room(n);
    this.#buf.fill(value, this.#length, this.#length + n);
    this.#length += n;
    return this;
  }

  /** TimeReal: seconds since 1970 UTC; null → 0 (no time). */
  time(date: Date | null): this {
    return this.u32(date ? Math.max(0, Math.floor(date.getTime() / 1000)) : 0);
  }

  /** Text in `length` bytes of a code page (IA5 = 1), cut to fit and padded with spaces. */
  text(text: string, length: number, codePage = 1): this {
    const bytes = (encodeText(text, codePage) ?? encodeText(text, 1) ?? []).slice(0, length);
    return this.bytes(bytes).fill(length - bytes.length, 0x20);
  }

  /** Name (§2.99): code page byte + 35 bytes; the code page is the first that holds the text. */
  name(text: string, codePage = pickCodePage(text)): this {
    return this.u8(codePage).text(text, 35, codePage);
  }

  /** The bytes written since `from`. */
  since(from: number): Uint8Array {
    return this.#buf.slice(from, this.#length);
  }

  /**
   * A stand-in signature of `size` bytes over the bytes written since `from`: deterministic and
   * never blank, but not a real RSA/ECDSA signature (no card or VU key signs simulated data).
   */
  signature(from: number, size: number, blank = false): this {
    if (blank) return this.fill(size);
    const out: number[] = [];
    let digest = createHash('sha256').update(this.#buf.subarray(from, this.#length)).digest();
    while (out.length < size) {
      out.push(...digest);
      digest = createHash('sha256').update(digest).digest();
    }
    return this.bytes(out.slice(0, size));
  }

  finish(): Uint8Array {
    return this.#buf.slice(0, this.#length);
  }
}
