import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Rollout } from '@shared/libraries/rollout-views';
import { rolloutKeys } from '@app/features/rollouts/api/keys';
import { progressSignature } from './progress';

/**
 * Keeps the device table in step with the rollout: the rollout is asked for every 2 s while it
 * is live, and when its counts moved (a device changed state) the device pages loaded so far
 * load again. While nothing moves, the screen costs one small call per 2 s, however many pages
 * of devices are loaded.
 */
export function useDevicesFollowProgress(rollout: Rollout): void {
  const client = useQueryClient();
  const signature = progressSignature(rollout);
  const last = useRef(signature);
  useEffect(() => {
    if (last.current === signature) return;
    last.current = signature;
    void client.invalidateQueries({ queryKey: rolloutKeys.devices(rollout.Id) });
  }, [client, signature, rollout.Id]);
}
