import type { SettingConflict } from '@app/features/outbox/queue/conflicts';

function Value({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd
        className={`font-mono text-[13px] break-all ${muted ? 'text-slate-500' : 'text-slate-900'}`}
      >
        {value === '' ? '(empty)' : value}
      </dd>
    </div>
  );
}

/** Both values of each conflicting setting, side by side, for the installer to decide. */
export function ConflictTable({ conflicts }: { conflicts: readonly SettingConflict[] }) {
  const one = conflicts.length === 1;
  return (
    <div className="mt-2 rounded-lg bg-red-50/60 p-3 ring-1 ring-red-200">
      <p className="text-sm text-red-900">
        Someone changed {one ? 'this setting' : 'these settings'} on the server after you last saw{' '}
        {one ? 'it' : 'them'}. Keep yours, or take theirs?
      </p>
      <ul aria-label="Conflicting settings" className="mt-2 space-y-2">
        {conflicts.map((c) => (
          <li key={c.SettingName}>
            <p className="text-sm font-medium break-all text-slate-900">{c.SettingName}</p>
            <dl className="mt-1 grid grid-cols-3 gap-2">
              <Value label="You saw" value={c.base} muted />
              <Value label="Yours" value={c.mine} />
              <Value label="Server now" value={c.theirs} />
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
