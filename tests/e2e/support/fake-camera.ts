import { writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import bwipjs from 'bwip-js/node';

/** Chromium's fake camera frame size (its default, 640×480). */
const WIDTH = 640;
const HEIGHT = 480;

interface Gray {
  width: number;
  height: number;
  /** One luma byte per pixel, row by row. */
  luma: Uint8Array;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * The luma of an 8-bit RGBA, non-interlaced PNG: what bwip-js writes. Enough PNG for a test,
 * so the test needs no image library besides the barcode writer.
 */
function pngLuma(png: Buffer): Gray {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (png[24] !== 8 || png[25] !== 6 || png[28] !== 0)
    throw new Error('expected an 8-bit RGBA PNG without interlacing');
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT')
      chunks.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const data = inflateSync(Buffer.concat(chunks));
  const stride = width * 4;
  const rgba = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const raw = data[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= 4 ? (rgba[y * stride + x - 4] ?? 0) : 0;
      const up = y > 0 ? (rgba[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= 4 && y > 0 ? (rgba[(y - 1) * stride + x - 4] ?? 0) : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter ?? 0] ?? 0;
      rgba[y * stride + x] = (raw + predicted) & 0xff;
    }
  }
  const luma = new Uint8Array(width * height);
  for (let i = 0; i < luma.length; i++) {
    const [r = 0, g = 0, b = 0] = rgba.subarray(i * 4, i * 4 + 3);
    luma[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  return { width, height, luma };
}

/**
 * A Y4M video for Chromium's `--use-file-for-fake-video-capture`: a Code 128 barcode of `text`
 * (as printed on a device label, human-readable text under it) on white, in the middle of the
 * frame. Chromium plays the one frame over and over.
 */
export async function writeBarcodeVideo(text: string, file: string): Promise<void> {
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 2,
    height: 14,
    includetext: true,
    textxalign: 'center',
    backgroundcolor: 'FFFFFF',
  });
  const code = pngLuma(png);
  if (code.width > WIDTH || code.height > HEIGHT) throw new Error('barcode larger than the frame');
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const left = Math.floor((WIDTH - code.width) / 2);
  const top = Math.floor((HEIGHT - code.height) / 2);
  for (let y = 0; y < code.height; y++)
    luma.set(code.luma.subarray(y * code.width, (y + 1) * code.width), (top + y) * WIDTH + left);
  // 4:2:0 chroma at the neutral 128: a grey-scale picture.
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const header = `YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  writeFileSync(file, Buffer.concat([Buffer.from(header, 'latin1'), luma, chroma, chroma]));
}
