import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLabelDetector, type LabelDetector } from './detector';
import { ScanButton } from './ScanButton';
import { SCAN_PROBLEMS } from './scan-problems';

vi.mock('./detector', () => ({ createLabelDetector: vi.fn() }));

const IMEI = '490154203237518';
const BAD_IMEI = '490154203237517';

/** What the fake camera shows: the texts of the codes in each frame, the last one repeating. */
let frames: string[][] = [];
const detector: LabelDetector = {
  detect: () => {
    const frame = frames.length > 1 ? frames.shift() : frames[0];
    return Promise.resolve((frame ?? []).map((rawValue) => ({ rawValue })));
  },
};
const track = { stop: vi.fn() };
// happy-dom's video takes only a MediaStream.
const cameraStream = () =>
  Object.assign(new MediaStream(), { getTracks: () => [track as unknown as MediaStreamTrack] });
const getUserMedia = vi.fn();

const domError = (name: string) => Object.assign(new Error(name), { name });

function setCamera(mediaDevices: unknown, secure = true) {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: secure });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: mediaDevices });
}

beforeEach(() => {
  frames = [];
  track.stop.mockClear();
  getUserMedia.mockReset().mockImplementation(() => Promise.resolve(cameraStream()));
  vi.mocked(createLabelDetector).mockReset().mockResolvedValue(detector);
  setCamera({ getUserMedia });
  // happy-dom plays no video: every frame counts as there (HAVE_ENOUGH_DATA).
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(window, 'isSecureContext');
  vi.restoreAllMocks();
});

async function openScanner(onScan = vi.fn<(id: unknown) => string | undefined>()) {
  render(<ScanButton onScan={onScan} />);
  fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
  const dialog = await screen.findByRole('dialog', { name: 'Scan the device label' });
  return { dialog, onScan };
}

const status = (dialog: HTMLElement) => within(dialog).getByRole('status');

describe('the scan dialog', () => {
  it('hands on a scanned IMEI, closes and turns the camera off', async () => {
    frames = [[], [`IMEI:${IMEI}`]];
    const { onScan } = await openScanner();
    await waitFor(() => {
      expect(onScan).toHaveBeenCalledWith({ kind: 'imei', value: IMEI });
    });
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(track.stop).toHaveBeenCalled();
  });

  it('takes the IMEI among several codes of one frame', async () => {
    frames = [['8931440400012345674', IMEI]];
    const { onScan } = await openScanner();
    await waitFor(() => {
      expect(onScan).toHaveBeenCalledWith({ kind: 'imei', value: IMEI });
    });
  });

  it('says so when the check digit is wrong, searches nothing and reads on', async () => {
    frames = [[BAD_IMEI]];
    const { dialog, onScan } = await openScanner();
    await within(dialog).findByText(/The IMEI 490154203237517 has a wrong check digit/);
    expect(onScan).not.toHaveBeenCalled();
    expect(track.stop).not.toHaveBeenCalled();
    // The right label next: found.
    frames = [[IMEI]];
    await waitFor(() => {
      expect(onScan).toHaveBeenCalledWith({ kind: 'imei', value: IMEI });
    });
  });

  it('says so when a code holds no IMEI or ICCID', async () => {
    frames = [['4006381333931']];
    const { dialog } = await openScanner();
    await within(dialog).findByText(/This code holds no IMEI or ICCID \("4006381333931"\)/);
  });

  it('shows why a scan found nothing and stays open', async () => {
    frames = [[IMEI]];
    const onScan = vi.fn(() => `No device with IMEI ${IMEI} was found.`);
    const { dialog } = await openScanner(onScan);
    await within(dialog).findByText(`No device with IMEI ${IMEI} was found.`);
    // The same label still in view is not looked up again on every frame.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('asks for the camera first, then tells what to do', async () => {
    let allow = () => undefined as unknown;
    getUserMedia.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          allow = () => {
            resolve(cameraStream());
          };
        }),
    );
    const { dialog } = await openScanner();
    expect(status(dialog).textContent).toContain('Starting the camera');
    allow();
    await within(dialog).findByText(/Point the camera at the IMEI barcode/);
  });

  it.each([
    ['NotAllowedError', SCAN_PROBLEMS.refused.title],
    ['NotFoundError', SCAN_PROBLEMS.noCamera.title],
    ['NotReadableError', SCAN_PROBLEMS.cameraBusy.title],
    ['AbortError', SCAN_PROBLEMS.cameraFailed.title],
  ])('explains a refused camera (%s) and tries again on request', async (name, title) => {
    getUserMedia.mockRejectedValueOnce(domError(name));
    const { dialog } = await openScanner();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(title);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByText(/Point the camera at the IMEI barcode/);
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('needs https: without it there is no camera to ask for', async () => {
    setCamera(undefined, false);
    const { dialog } = await openScanner();
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('The camera needs a secure connection (https)');
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('says when the barcode reader could not be loaded, and lets the camera go', async () => {
    vi.mocked(createLabelDetector).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { dialog } = await openScanner();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The barcode reader could not be loaded');
    expect(track.stop).toHaveBeenCalled();
  });

  it('closes with Cancel and turns the camera off', async () => {
    const { dialog } = await openScanner();
    await within(dialog).findByText(/Point the camera at the IMEI barcode/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(track.stop).toHaveBeenCalled();
  });
});
