import { useEffect, useRef } from 'react';
import { UnlessOffline } from '@app/components/layout/OfflineFallback';
import { Button } from '@app/components/ui/Button';
import { focusRing } from '@app/components/ui/focus';
import { QueryError } from '@app/components/ui/QueryStates';
import { Skeleton } from '@app/components/ui/Skeleton';
import type { MassUpdateReviewState } from '@app/features/rollouts/model/use-mass-update-review';
import { PreviewGroups } from './PreviewGroups';
import { RolloutOptionFields } from './RolloutOptionFields';

/** How many devices the rollout updates, in two stages; or that nothing would change. */
function UpdateCount({ size, canary }: { size: number; canary: number }) {
  const none = size === 0;
  return (
    <div
      aria-live="polite"
      className={`rounded-xl px-4 py-3 ring-1 ${none ? 'bg-slate-50 ring-slate-200' : 'bg-brand-50 ring-brand-200'}`}
    >
      <p className={`text-sm ${none ? 'text-slate-700' : 'text-brand-900'}`}>
        <span className="text-2xl font-semibold tabular-nums">{size}</span>{' '}
        {size === 1 ? 'device will be updated' : 'devices will be updated'}
      </p>
      <p className={`mt-0.5 text-sm ${none ? 'text-slate-600' : 'text-brand-900'}`}>
        {none
          ? 'Nothing would change: every device in scope is on the target already or skipped.'
          : size === canary
            ? `All ${String(size)} in one canary stage.`
            : `First a canary of ${String(canary)}, then the other ${String(size - canary)} once it has succeeded.`}
      </p>
    </div>
  );
}

function PreviewSkeleton() {
  return (
    <UnlessOffline>
      <div role="status" aria-label="Loading the preview" className="space-y-3">
        <Skeleton className="h-20 w-full rounded-xl" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-11 w-full" />
        ))}
      </div>
    </UnlessOffline>
  );
}

/**
 * The review step of a mass update: what the target is, how many devices change, the devices in
 * scope by group, and the rollout options. 'Start rollout' is the dialog's submit (off while
 * nothing would change); 'Change' goes back to the first step. The heading takes focus when the
 * step opens, so a screen reader hears what is being reviewed.
 */
export function MassUpdateReview({
  review,
  onChange,
}: {
  review: MassUpdateReviewState;
  onChange: () => void;
}) {
  const { preview, form, size, canary, includeOffline } = review;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className="space-y-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Review</p>
          <h3
            ref={heading}
            tabIndex={-1}
            className={`rounded-sm text-base font-semibold break-words text-slate-900 ${focusRing}`}
          >
            {preview.data?.Description ?? 'The mass update'}
          </h3>
        </div>
        <Button variant="secondary" onClick={onChange} className="shrink-0">
          Change
        </Button>
      </div>
      {preview.isPending ? (
        <PreviewSkeleton />
      ) : preview.isError ? (
        <QueryError title="The preview could not be loaded" query={preview} />
      ) : (
        <>
          <UpdateCount size={size} canary={canary} />
          <section aria-label="Devices in scope" className="space-y-2">
            <h4 className="text-sm font-semibold text-slate-900">Devices in scope</h4>
            <PreviewGroups preview={preview.data} includeOffline={includeOffline} />
          </section>
          <RolloutOptionFields form={form} offline={preview.data.Counts.offline} />
        </>
      )}
    </div>
  );
}
