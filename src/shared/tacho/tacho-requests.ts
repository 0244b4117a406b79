import * as v from 'valibot';
import { CARD_NUMBER_PATTERN } from './tacho';
import type { TachoRequestState } from './tacho-lists';

/**
 * Remote download requests (spec 03 §7): `POST rtddata/requestMassDownload/{imei}` and
 * `POST rtddata/requestCardDownload/{cardNumber}` answer the text the client shows as the
 * toast, as a JSON string.
 */

/**
 * What the answer's status says (issue 25): 201 a new request was queued on the device (a green
 * success toast); 200 a request for the same data is still open, nothing was queued again (an
 * informational toast, not a success).
 */
export const TACHO_REQUEST_STATUS = { queued: 201, alreadyOpen: 200 } as const;

export const CARD_NUMBER_MESSAGE = 'Card number must be 14 to 16 letters and digits';

/** `rtddata/requestCardDownload/{cardNumber}`: upper-cased, as the tachograph writes it. */
export const TachoCardParamsSchema = v.object({
  cardNumber: v.pipe(
    v.optional(v.string(CARD_NUMBER_MESSAGE), ''),
    v.trim(),
    v.toUpperCase(),
    v.regex(CARD_NUMBER_PATTERN, CARD_NUMBER_MESSAGE),
  ),
});

export const TachoRequestQueuedSchema = v.pipe(
  v.string(),
  v.description('201: a request was queued on the device; the toast says what, from which device'),
);
export const TachoRequestOpenSchema = v.pipe(
  v.string(),
  v.description(
    '200: a request for the same data is still open (asked for less than a day ago, no file yet); ' +
      'nothing was queued again. The toast says since when.',
  ),
);

/**
 * The device page's tacho facts (`Tacho` of `GET devices/{id}`, callers with the 'Tacho
 * Download' feature only): the device's latest vehicle unit download and its latest request.
 */
export interface DeviceTacho {
  Latest: {
    FileId: number;
    LicensePlate: string | null;
    /** When the file arrived (the Last Download), ISO 8601. */
    Uploaded: string;
    /** The data end; TACHO_UNKNOWN_PERIOD when the file did not say. */
    PeriodTo: string;
    ValidState: number;
  } | null;
  Request: TachoRequestState | null;
}
