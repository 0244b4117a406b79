import { flagChanges, type FlagChange, type FlagValues } from '@shared/event-flags';

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
    <section aria-label="Changes" aria-live="polite" className="mt-4 text-sm">
      <h3 className="font-semibold text-slate-900">Changes to the current value</h3>
      {changes.length === 0 ? (
        <p className="mt-1 text-slate-600">None yet.</p>
      ) : (
        <ul className="mt-1 space-y-1">
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
