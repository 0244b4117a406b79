import { flagChanges, type FlagChange, type FlagValues } from '@shared/devices/event-flags';

/** '+TACHO −LIVE': the chapters a flag gained and lost. */
const chapterText = ({ added, removed }: FlagChange): string =>
  [...added.map((c) => `+${c}`), ...removed.map((c) => `−${c}`)].join(' ');

/**
 * What this edit changes against the current values, flag by flag ('TIME 3 → 6: +TACHO
 * −LIVE'), or that nothing has changed yet. Announced as it changes.
 */
export function FlagChangeList({ before, after }: { before: FlagValues; after: FlagValues }) {
  const changes = flagChanges(before, after);
  return (
    <section
      aria-label="Changes"
      aria-live="polite"
      className="mb-4 rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200"
    >
      <h3 className="font-semibold text-slate-900">Changes to the current value</h3>
      {changes.length === 0 ? (
        <p className="text-slate-600">None yet.</p>
      ) : (
        <ul className="space-y-0.5">
          {changes.map((change) => (
            <li key={change.flag} className="text-slate-800">
              <span className="font-medium">{change.flag}</span>{' '}
              <span className="font-mono tabular-nums">
                {change.from} → {change.to}
              </span>
              {chapterText(change) && (
                <span className="text-slate-600">: {chapterText(change)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
