import type { ReactNode } from 'react';
import type { Rollout } from '@shared/libraries/rollout-views';
import {
  canarySize,
  OFFLINE_AFTER_HOURS,
  PREVIEW_GROUP_LABELS,
  ROLLOUT_KIND_LABELS,
  SKIPPED_GROUPS,
} from '@shared/libraries/rollouts';
import { Card } from '@app/components/ui/Card';
import { devicesText, rolloutDevices } from '@app/features/rollouts/model/progress';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** 'Incompatible device type (skipped)' → 'Incompatible device type'. */
const skippedLabel = (group: (typeof SKIPPED_GROUPS)[number]) =>
  PREVIEW_GROUP_LABELS[group].replace(/ \(skipped\)$/, '');

/** How the rollout runs (its options) and the devices in scope it left out, per reason. */
export function RolloutFacts({ rollout }: { rollout: Rollout }) {
  const devices = rolloutDevices(rollout);
  const skipped = [
    ...SKIPPED_GROUPS.map((g) => ({ key: g, label: skippedLabel(g), count: rollout.Skipped[g] })),
    ...(rollout.IncludeOffline
      ? []
      : [
          {
            key: 'offline',
            label: `Not heard from in ${String(OFFLINE_AFTER_HOURS)} hours`,
            count: rollout.Skipped.offline,
          },
        ]),
  ];
  const skippedTotal = skipped.reduce((n, s) => n + s.count, 0);
  return (
    <Card title="Options">
      <dl className="-my-1.5 divide-y divide-slate-100 text-sm">
        <Fact label="Updates">
          {ROLLOUT_KIND_LABELS[rollout.Kind]} {rollout.Target}
          {rollout.From !== null && ` (from ${rollout.From})`}
        </Fact>
        {rollout.Customer !== null && <Fact label="Customer">{rollout.Customer}</Fact>}
        <Fact label="Canary">
          {rollout.CanaryPercent}% ({devicesText(canarySize(devices, rollout.CanaryPercent))})
        </Fact>
        <Fact label="Failure threshold">{rollout.FailureThresholdPercent}%</Fact>
        <Fact label="Stage timeout">{rollout.StageTimeoutMinutes} min</Fact>
        <Fact label="Offline devices">{rollout.IncludeOffline ? 'Included' : 'Left out'}</Fact>
      </dl>
      <h3 className="mt-4 mb-1 text-sm font-semibold text-slate-900">
        Skipped <span className="font-normal text-slate-600">· {devicesText(skippedTotal)}</span>
      </h3>
      <dl className="divide-y divide-slate-100 text-sm">
        {skipped.map((s) => (
          <Fact key={s.key} label={s.label}>
            {s.count}
          </Fact>
        ))}
      </dl>
    </Card>
  );
}
