import { useEffect, useRef, useState } from 'react';
import { createLabelDetector, type LabelDetector } from './detector';
import { cameraProblem, cameraReachable, type ScanProblem } from './scan-problems';

export type CameraState =
  { phase: 'starting' } | { phase: 'scanning' } | { phase: 'problem'; problem: ScanProblem };

/** Time between two reads of the video: a phone's CPU stays cool, a label is read within a second. */
const SCAN_INTERVAL_MS = 150;

// HTMLMediaElement.HAVE_CURRENT_DATA: a frame to read is there.
const HAVE_CURRENT_DATA = 2;

const stopStream = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

/** Shows the camera (or nothing); outside the hook, which may not write to its state's objects. */
function show(video: HTMLVideoElement, stream: MediaStream | null) {
  video.srcObject = stream;
}

const isNotSupported = (error: unknown) =>
  error instanceof Error && (error as { name?: string }).name === 'NotSupportedError';

/**
 * The back camera in the video element given to `videoRef`, read by a barcode detector until
 * unmounted: `onCodes` gets the texts of the codes of each frame that has any, unless `paused`.
 * The camera and the detector (the polyfill is a download) start together; any failure stops
 * both and says why.
 */
export function useLabelCamera(onCodes: (texts: string[]) => void, paused: boolean) {
  // State, not a ref: a dialog's portal may mount the video after this hook's first effect.
  const [element, videoRef] = useState<HTMLVideoElement | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CameraState>({ phase: 'starting' });
  // Read by the running loop: the latest callback and pause without restarting the camera.
  const latest = useRef({ onCodes, paused });
  useEffect(() => {
    latest.current = { onCodes, paused };
  });
  const insecure = !cameraReachable();

  useEffect(() => {
    if (insecure || !element) return;
    const run: { stopped: boolean; stream: MediaStream | null; timer: number } = {
      stopped: false,
      stream: null,
      timer: 0,
    };
    // A call, not a read of `run.stopped`: the cleanup sets it while the steps below await.
    const stopped = () => run.stopped;
    const fail = (problem: ScanProblem) => {
      if (run.stream) stopStream(run.stream);
      if (!stopped()) setState({ phase: 'problem', problem });
    };

    const read = async (detector: LabelDetector) => {
      if (stopped()) return;
      if (!latest.current.paused && element.readyState >= HAVE_CURRENT_DATA) {
        try {
          const codes = await detector.detect(element);
          if (!stopped() && codes.length > 0) latest.current.onCodes(codes.map((c) => c.rawValue));
        } catch (error) {
          // The polyfill says so when its module broke; other errors are one unreadable frame.
          if (isNotSupported(error)) {
            fail('noReader');
            return;
          }
        }
      }
      if (!stopped())
        run.timer = window.setTimeout(() => {
          void read(detector);
        }, SCAN_INTERVAL_MS);
    };

    const start = async () => {
      const [camera, detector] = await Promise.allSettled([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        createLabelDetector(),
      ]);
      if (camera.status === 'fulfilled') run.stream = camera.value;
      if (stopped()) {
        if (run.stream) stopStream(run.stream);
        return;
      }
      if (camera.status === 'rejected') {
        fail(cameraProblem(camera.reason));
        return;
      }
      if (detector.status === 'rejected') {
        fail('noReader');
        return;
      }
      show(element, camera.value);
      try {
        await element.play();
      } catch {
        // Interrupted by closing the dialog; or the next frame's read waits for the data anyway.
      }
      if (stopped()) return;
      setState({ phase: 'scanning' });
      void read(detector.value);
    };
    void start();

    return () => {
      run.stopped = true;
      window.clearTimeout(run.timer);
      if (run.stream) stopStream(run.stream);
      show(element, null);
    };
  }, [element, insecure, attempt]);

  return {
    videoRef,
    state: insecure ? ({ phase: 'problem', problem: 'insecure' } as const) : state,
    retry: () => {
      setState({ phase: 'starting' });
      setAttempt((n) => n + 1);
    },
  };
}
