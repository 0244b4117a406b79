import type { ScannedIdentifier } from '@shared/devices/label-scan';
import type { ScanOutcome } from '@app/components/scan';

/** What the next press of a fake Scan button reads, and what its screen answered. */
export const fakeScan: { next: ScannedIdentifier | null; outcomes: ScanOutcome[] } = {
  next: null,
  outcomes: [],
};

/**
 * Stands in for `@app/components/scan` in a screen's tests (`vi.mock('@app/components/scan',
 * () => import('@app/components/scan/test/fake-scan'))`): pressing it "scans" `fakeScan.next`
 * at once. The dialog itself is tested in ScanButton.test.tsx; here, what the screen does.
 */
export function ScanButton({
  onScan,
  label = 'Scan',
}: {
  onScan: (id: ScannedIdentifier) => ScanOutcome | Promise<ScanOutcome>;
  label?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => {
        if (!fakeScan.next) throw new Error('set fakeScan.next before scanning');
        void Promise.resolve(onScan(fakeScan.next)).then((outcome) => {
          fakeScan.outcomes.push(outcome);
        });
      }}
    >
      {label}
    </button>
  );
}
