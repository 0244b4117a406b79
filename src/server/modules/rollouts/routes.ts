import { libraryServerRoutes as paths } from '@shared/libraries/api-paths-libraries';
import {
  RolloutDeviceListSchema,
  RolloutDevicesQuerySchema,
  RolloutIdParamsSchema,
  RolloutListQuerySchema,
  RolloutListSchema,
  RolloutSchema,
} from '@shared/libraries/rollout-views';
import {
  MassUpdateTargetSchema,
  RolloutPreviewSchema,
  StartRolloutSchema,
} from '@shared/libraries/rollouts';
import type { App } from '@server/http/types';
import type { RolloutService } from './service';

const tags = ['rollouts'];
/** Mass updates change whole fleets: the library managers (admins) only. */
const config = { access: 'libraries.manage' } as const;
const one = { 200: RolloutSchema };
const params = RolloutIdParamsSchema;

/** Previews, rollouts and their devices, and an admin's pause, resume and cancel. */
export function rolloutRoutes(app: App, service: RolloutService): void {
  app.post(
    paths.rolloutPreview,
    {
      config,
      schema: {
        tags,
        summary: 'What a mass update would do: the devices in scope per group, nothing changed',
        body: MassUpdateTargetSchema,
        response: { 200: RolloutPreviewSchema },
      },
    },
    (request) => service.preview(request.body),
  );
  app.post(
    paths.rollouts,
    {
      config,
      schema: {
        tags,
        summary: 'Start a mass update as a staged rollout (canary first); answers it',
        body: StartRolloutSchema,
        response: one,
      },
    },
    (request) => service.start(request.caller, request.body),
  );
  app.get(
    paths.rollouts,
    {
      config,
      schema: {
        tags,
        summary: 'Rollouts, newest first, 50 per page (?after={lastId})',
        querystring: RolloutListQuerySchema,
        response: { 200: RolloutListSchema },
      },
    },
    (request) => service.list(request.query.after),
  );
  app.get(
    paths.rollout,
    { config, schema: { tags, summary: 'A rollout and its stages', params, response: one } },
    (request) => service.get(request.params.id),
  );
  app.get(
    paths.rolloutDevices,
    {
      config,
      schema: {
        tags,
        summary: "A rollout's devices by DeviceId, 100 per page (?state=, ?after={lastDeviceId})",
        params,
        querystring: RolloutDevicesQuerySchema,
        response: { 200: RolloutDeviceListSchema },
      },
    },
    (request) => service.devices(request.params.id, request.query),
  );
  const actions = [
    [paths.rolloutPause, 'Pause a running rollout (settings not yet sent are taken back)', 'pause'],
    [paths.rolloutResume, 'Resume a paused rollout', 'resume'],
    [paths.rolloutCancel, 'Cancel a running or paused rollout', 'cancel'],
  ] as const;
  for (const [path, summary, action] of actions)
    app.post(path, { config, schema: { tags, summary, params, response: one } }, (request) =>
      service[action](request.caller, request.params.id),
    );
}
