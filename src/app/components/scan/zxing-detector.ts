import {
  BarcodeDetector,
  prepareZXingModule,
  purgeZXingModule,
  type BarcodeFormat,
} from 'barcode-detector/ponyfill';
// Bundled by Vite into dist/assets and precached by the service worker: the polyfill's default
// fetches it from a CDN, which the CSP (connect-src 'self') refuses and offline lacks.
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { LabelDetector } from './detector';

/**
 * The ZXing polyfill of the Barcode Detection API with its WebAssembly from our origin. Waits
 * for the module, so a failed download is an error here rather than at the first frame; a
 * failure is forgotten, so the next try downloads again.
 */
export async function zxingDetector(formats: readonly string[]): Promise<LabelDetector> {
  try {
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? readerWasmUrl : prefix + path,
      },
      fireImmediately: true,
    });
  } catch (error) {
    purgeZXingModule();
    throw error;
  }
  return new BarcodeDetector({ formats: formats as BarcodeFormat[] });
}
