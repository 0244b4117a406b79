import { Link } from '@tanstack/react-router';
import type { Device } from '@shared/devices/devices';
import { focusRingInset } from '@app/components/ui/focus';

/**
 * The IMEI as a link to the device detail screen (spec 02 §2: lists link to /device/{id}),
 * 44 px high so a finger finds it in a row or on a card. Its focus ring is drawn inside: a
 * table cell or card title that cuts off long text would clip one drawn outside.
 */
export function DeviceLink({ device, className = '' }: { device: Device; className?: string }) {
  return (
    <Link
      to="/device/$id"
      params={{ id: device.Id }}
      className={`-mx-1 inline-flex h-11 items-center rounded-sm px-1 font-medium text-brand-700 tabular-nums hover:text-brand-900 hover:underline ${focusRingInset} ${className}`}
    >
      {device.IMEI}
    </Link>
  );
}
