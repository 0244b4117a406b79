import * as v from 'valibot';
import { TACHO_REQUEST_STATUS } from '@shared/tacho/tacho-requests';
import { apiRequest, type ApiAnswer } from './api-client';
import { toast } from './toast';

/** A remote download request's answer: the toast's text, and whether one was still open. */
export interface RemoteDownloadAnswer {
  text: string;
  alreadyOpen: boolean;
}

/**
 * `POST rtddata/requestMassDownload/{imei}` or `requestCardDownload/{cardNumber}` (spec 03 §7):
 * the body is the toast's text; the status says whether a new request was queued (201) or one
 * asked earlier is still waiting (200). A replayed answer keeps its status.
 */
export async function postRemoteDownload(path: string): Promise<RemoteDownloadAnswer> {
  const answer = await apiRequest<ApiAnswer>(path, { method: 'POST', responseType: 'answer' });
  return {
    text: v.parse(v.string(), answer.body),
    alreadyOpen: answer.status === TACHO_REQUEST_STATUS.alreadyOpen,
  };
}

/**
 * A new request is the spec's success toast; a press that found one still open is no success
 * to celebrate (issue 25): a neutral toast whose text says it was already requested.
 */
export function toastRemoteDownload({ text, alreadyOpen }: RemoteDownloadAnswer): void {
  if (alreadyOpen) toast.info(text);
  else toast.success(text);
}
