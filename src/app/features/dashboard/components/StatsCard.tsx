import type { Dashboard } from '@shared/customers/dashboard';
import { Card } from '@app/components/ui/Card';
import { useNow } from '@app/lib/use-now';
import { formatCount, formatLastMessage, formatMessageAge } from '@app/features/dashboard/format';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-3 ring-1 ring-slate-100 ring-inset">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
        {formatCount(value)}
      </dd>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-right text-sm font-medium text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

export function StatsCard({ data, className = '' }: { data: Dashboard; className?: string }) {
  // Re-render every 30 s so "Age last message" keeps counting.
  const now = useNow(30_000);
  return (
    <Card title="Stats" className={className}>
      <dl className="grid grid-cols-2 gap-3">
        <Count label="Devices" value={data.deviceCount} />
        <Count label="Forwards" value={data.forwards} />
        <Count label="Messages" value={data.rawMessages} />
        {data.logs > 0 && <Count label="Logs" value={data.logs} />}
      </dl>
      <dl className="mt-4 divide-y divide-slate-100 border-t border-slate-100">
        <Row label="Last message" value={formatLastMessage(data.lastMsg)} />
        <Row label="Age last message" value={formatMessageAge(data.lastMsg, now)} />
      </dl>
    </Card>
  );
}
