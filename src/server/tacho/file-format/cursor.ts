/**
 * A forward reader over a byte range that never throws: reads past the end yield 0 and clear
 * `ok`, so a layout walk can run to its end and then ask whether the data was all there.
 * Skips only move the position (no allocation), whatever length a file declares.
 */
import { u16, u8 } from './bytes';

export class Cursor {
  ok = true;
  constructor(
    private readonly b: Uint8Array,
    public at: number,
  ) {}

  u8(): number {
    const v = u8(this.b, this.at);
    this.at += 1;
    if (v < 0) this.ok = false;
    return v < 0 ? 0 : v;
  }

  u16(): number {
    const v = u16(this.b, this.at);
    this.at += 2;
    if (v < 0) this.ok = false;
    return v < 0 ? 0 : v;
  }

  skip(length: number): this {
    this.at += length;
    if (this.at > this.b.length) this.ok = false;
    return this;
  }

  /** Skips `count` records of `size` bytes, `count` read as one (u8) or two (u16) bytes. */
  records(countBytes: 1 | 2, size: number): this {
    const count = countBytes === 1 ? this.u8() : this.u16();
    return this.skip(count * size);
  }
}
