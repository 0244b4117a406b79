import * as v from 'valibot';
import { libraryServerRoutes as paths } from '@shared/libraries/api-paths-libraries';
import { idParam } from '@shared/api/ids';
import {
  CUSTOMER_REQUIRED,
  FIRMWARE_REQUIRED,
  firmwareMassUpdated,
  FROM_PROTOCOL_REQUIRED,
  TO_PROTOCOL_REQUIRED,
} from '@shared/libraries/rollouts';
import type { App } from '@server/http/types';
import type { RolloutService } from './service';

const config = { access: 'libraries.manage' } as const;

const code = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(10, message));

const QtlParamsSchema = v.object({
  protocolCode: code(FROM_PROTOCOL_REQUIRED),
  protocolCodeToUpdateTo: code(TO_PROTOCOL_REQUIRED),
});

/** The '--' placeholder 0 is sent as is (spec 03 §5): it is answered as not chosen. */
const FirmwareParamsSchema = v.object({
  customer: idParam('customer', 'object', CUSTOMER_REQUIRED),
  firmware: idParam('firmware', 'shared', FIRMWARE_REQUIRED),
});

const MassUpdateMessageSchema = v.object({
  Message: v.string(),
  /** The rollout started, null when no device needed the update. */
  RolloutId: v.nullable(v.number()),
});

/**
 * The spec's mass-update calls (03 §7): each starts a rollout with the defaults (canary 10%,
 * pause above 20% failed) without a preview, and answers as the spec says.
 */
export function massUpdateRoutes(app: App, service: RolloutService): void {
  app.post(
    paths.canConfigMassUpdate,
    {
      config,
      schema: {
        tags: ['canconfig'],
        summary:
          'Move every device on one protocol code to another (a rollout with the defaults); ' +
          'answers the number of devices it updates',
        params: QtlParamsSchema,
        response: { 200: v.number() },
      },
    },
    async (request) => {
      const { protocolCode, protocolCodeToUpdateTo } = request.params;
      const target = { Kind: 'qtl', From: protocolCode, To: protocolCodeToUpdateTo } as const;
      return (await service.startWithDefaults(request.caller, target)).devices;
    },
  );
  for (const kind of ['firmware', 'booter'] as const)
    app.post(
      kind === 'firmware' ? paths.massFirmwareUpdate : paths.massBooterUpdate,
      {
        config,
        schema: {
          tags: ['AddonBoardFW'],
          summary:
            `Move a customer's devices to a${kind === 'firmware' ? 'n application' : ' booter'} ` +
            'firmware (a rollout with the defaults); answers the toast Message',
          params: FirmwareParamsSchema,
          response: { 200: MassUpdateMessageSchema },
        },
      },
      async (request) => {
        const { customer, firmware } = request.params;
        const target = { Kind: kind, CustomerId: customer, FirmwareId: firmware };
        const started = await service.startWithDefaults(request.caller, target);
        return {
          Message: firmwareMassUpdated(kind, started.devices, started.target),
          RolloutId: started.rolloutId,
        };
      },
    );
}
