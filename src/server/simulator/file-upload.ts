import { DEVICE_IMEI_HEADER } from '@shared/devices/device-link';
import { signDeviceMessage } from '@server/auth/device-signing';
import type { DeviceOptions } from './device';
import { DeviceLinkStatusError } from './failures';
import type { vehicleOf } from './tacho-identities';
import { tachoFileFor, type TachoCommand } from './tachograph';

export type UploadOptions = Pick<
  DeviceOptions,
  'filesUrl' | 'imei' | 'credential' | 'requestTimeoutMs' | 'signal' | 'fetch' | 'onError'
>;

/**
 * A remote download's file, posted to the link's `/files` naming the request it answers:
 * whether it arrived; null when the simulator stopped meanwhile. Failures go to `onError`.
 */
export async function uploadTachoFile(
  o: UploadOptions,
  requestId: number,
  command: TachoCommand,
  tachograph: ReturnType<typeof vehicleOf>,
): Promise<boolean | null> {
  const { kind, bytes } = tachoFileFor(command, tachograph, new Date());
  const body = Uint8Array.from(bytes);
  const url = new URL(o.filesUrl);
  url.searchParams.set('request', String(requestId));
  url.searchParams.set('kind', String(kind));
  try {
    const response = await o.fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        [DEVICE_IMEI_HEADER]: o.imei,
        ...signDeviceMessage(o.credential, Buffer.from(body)),
      },
      body,
      signal: AbortSignal.any([o.signal, AbortSignal.timeout(o.requestTimeoutMs)]),
    });
    const text = await response.text();
    if (response.status === 200) return true;
    o.onError(new DeviceLinkStatusError(response.status, text), o.imei);
  } catch (error) {
    if (o.signal.aborted) return null;
    o.onError(error, o.imei);
  }
  return false;
}
