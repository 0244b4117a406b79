import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { requestTachoDownload } from '@server/tacho/requests';
import { requireDeviceByImei } from '@server/modules/devices';
import { findCardReader, type RequestTarget } from './repository';

export const CARD_NOT_FOUND = 'No device has downloaded this driver card';

/** The toast's text, and whether an open request was found instead of a new one queued. */
export interface TachoRequestAnswer {
  text: string;
  reused: boolean;
}

/**
 * Remote download requests a user makes (spec 03 §7). Each runs in the route's transaction:
 * the modem request, the tacho_requests row and the operator log entry land together.
 */
export function createTachoRequestService(db: DbOrTx) {
  async function request(
    caller: Caller,
    device: RequestTarget,
    kind: TachoKind,
    cardNumber?: string,
  ) {
    const result = await requestTachoDownload(db, {
      device,
      kind,
      cardNumber,
      requestedBy: `user:${caller.userId}`,
    });
    const what = kind === TACHO_KINDS.driver ? `driver card ${cardNumber ?? ''}` : 'vehicle unit';
    await writeOperatorLog(db, {
      level: 'Information',
      message: result.reused
        ? `Remote download of ${what} on device ${device.imei} asked again ${byCaller(caller)}: request ${result.id} is still open`
        : `Remote download of ${what} requested on device ${device.imei} ${byCaller(caller)} (request ${result.id})`,
      customerId: device.customerId,
    });
    return { text: result.text, reused: result.reused };
  }

  return {
    /** The vehicle unit of the device with this IMEI in the scope (404 otherwise). */
    async massMemory(
      caller: Caller,
      scope: CustomerScope,
      imei: string,
    ): Promise<TachoRequestAnswer> {
      const device = await requireDeviceByImei(db, scope, imei);
      return request(caller, device, TACHO_KINDS.vehicle);
    },

    /**
     * The driver card through the device that last downloaded it: the device of the card's
     * latest driver card file, when file and device are both in the scope (404 otherwise).
     */
    async driverCard(
      caller: Caller,
      scope: CustomerScope,
      cardNumber: string,
    ): Promise<TachoRequestAnswer> {
      const device = await findCardReader(db, scope, cardNumber);
      if (!device) throw notFound(CARD_NOT_FOUND);
      return request(caller, device, TACHO_KINDS.driver, cardNumber);
    },
  };
}
