/** The formats device labels use: IMEI barcodes (Code 128, Code 39, EAN-13) and 2D codes. */
export const LABEL_FORMATS = ['code_128', 'code_39', 'ean_13', 'qr_code', 'data_matrix'];

/** What the scanner needs of a Barcode Detection API detector, native or polyfilled. */
export interface LabelDetector {
  detect(source: HTMLVideoElement): Promise<readonly { rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): LabelDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own BarcodeDetector when it reads the 1D label codes, else null. */
async function nativeDetector(): Promise<LabelDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = new Set(await Native.getSupportedFormats());
    // Desktop Chrome may expose the class with no formats at all (no platform decoder).
    if (!supported.has('code_128')) return null;
    return new Native({ formats: LABEL_FORMATS.filter((f) => supported.has(f)) });
  } catch {
    return null;
  }
}

/**
 * A detector for the label formats: the browser's own where it has one (Android Chrome, Safari
 * 17+ on macOS), otherwise the ZXing WebAssembly polyfill, loaded only now. Throws when neither
 * can be had (the polyfill's download failed).
 */
export async function createLabelDetector(): Promise<LabelDetector> {
  const native = await nativeDetector();
  if (native) return native;
  const { zxingDetector } = await import('./zxing-detector');
  return zxingDetector(LABEL_FORMATS);
}
