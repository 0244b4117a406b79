import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceDetail } from '@shared/devices/devices';
import { Button } from '@app/components/ui/Button';
import { Card } from '@app/components/ui/Card';
import { useBusy } from '@app/lib/busy';
import { useIsOnline } from '@app/lib/connectivity';
import { useNow } from '@app/lib/use-now';
import { requestMassDownloadMutationOptions } from '@app/features/device-detail/api/tacho-request';
import { tachoFacts, type TachoTone } from '@app/features/device-detail/model/tacho-facts';

export const REQUEST_DOWNLOAD = 'Request download';

const toneClass: Record<TachoTone, string> = {
  ok: 'text-emerald-700',
  danger: 'text-rose-700',
  warning: 'text-amber-800',
  muted: 'text-slate-900',
};

/**
 * The vehicle's tachograph facts (users with the 'Tacho Download' feature; the parent decides)
 * and, for those who may ask (tacho.request), the remote download of its mass memory.
 */
export function TachoFactsCard({
  device,
  canRequest,
}: {
  device: DeviceDetail;
  canRequest: boolean;
}) {
  // Days left count in whole days; a minute is precise enough.
  const now = useNow(60_000);
  const online = useIsOnline();
  const busy = useBusy();
  const client = useQueryClient();
  const request = useMutation(requestMassDownloadMutationOptions(client));
  const button = canRequest && (
    <Button
      variant="secondary"
      className="h-11 shrink-0 sm:h-10"
      disabled={!online || busy}
      loading={request.isPending}
      onClick={() => {
        // A refusal has been toasted by the api client.
        request.mutate({ deviceId: device.Id, imei: device.IMEI });
      }}
    >
      {REQUEST_DOWNLOAD}
    </Button>
  );
  return (
    <Card title="Tachograph" actions={button || undefined}>
      <dl
        aria-label="Tachograph"
        className="divide-y divide-slate-100 text-sm sm:grid sm:grid-cols-2 sm:gap-x-6 sm:gap-y-4 sm:divide-y-0 xl:grid-cols-5"
      >
        {tachoFacts(device.Tacho, now).map((fact) => (
          <div
            key={fact.label}
            data-fact={fact.label}
            data-tone={fact.tone}
            className="flex items-baseline justify-between gap-4 py-2 first:pt-0 sm:block sm:py-0"
          >
            <dt className="shrink-0 text-slate-500 sm:text-xs sm:font-semibold">{fact.label}</dt>
            <dd
              className={`min-w-0 text-right font-medium tabular-nums sm:mt-1 sm:text-left ${toneClass[fact.tone]}`}
            >
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
