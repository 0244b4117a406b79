/** Why the scanner cannot run: each says what is missing and what to do. */
export type ScanProblem =
  'insecure' | 'refused' | 'noCamera' | 'cameraBusy' | 'cameraFailed' | 'noReader';

export const SCAN_PROBLEMS: Record<ScanProblem, { title: string; text: string; retry: boolean }> = {
  insecure: {
    title: 'The camera needs a secure connection (https)',
    text: 'Browsers allow the camera only on https addresses. Open the portal over https, or type the number instead.',
    retry: false,
  },
  refused: {
    title: 'Camera access was refused',
    text: "Allow the camera for this site in the browser's settings (the icon beside the address), then try again. You can also type the number instead.",
    retry: true,
  },
  noCamera: {
    title: 'No camera was found',
    text: 'This device has no camera the browser can use. Connect one, or type the number instead.',
    retry: true,
  },
  cameraBusy: {
    title: 'The camera is in use',
    text: 'Another app or browser tab is using the camera. Close it, then try again.',
    retry: true,
  },
  cameraFailed: {
    title: 'The camera could not be started',
    text: 'Try again, or type the number instead.',
    retry: true,
  },
  noReader: {
    title: 'The barcode reader could not be loaded',
    text: 'This browser cannot read barcodes by itself and the reader did not download. Check the connection and try again, or type the number instead.',
    retry: true,
  },
};

const errorName = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

/** The problem behind a refused `getUserMedia` (its DOMException names, as browsers give them). */
export function cameraProblem(error: unknown): ScanProblem {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'refused';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'noCamera';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'cameraBusy';
    // Chromium says SecurityError where a Permissions-Policy forbids the camera.
    case 'SecurityError':
      return 'refused';
    default:
      return 'cameraFailed';
  }
}

/** Plain http (other than localhost) has no `navigator.mediaDevices` at all. */
export const cameraReachable = (): boolean =>
  window.isSecureContext &&
  typeof (navigator as Partial<Navigator>).mediaDevices?.getUserMedia === 'function';
