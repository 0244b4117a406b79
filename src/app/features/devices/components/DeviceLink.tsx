import { Link } from '@tanstack/react-router';
import type { Device } from '../../../../shared/devices';

/** The IMEI as a link to the device detail screen (spec 02 §2: lists link to /device/{id}). */
export function DeviceLink({ device, className = '' }: { device: Device; className?: string }) {
  return (
    <Link
      to="/device/$id"
      params={{ id: device.Id }}
      className={`font-medium text-brand-700 tabular-nums hover:text-brand-900 hover:underline focus:outline-none focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}
    >
      {device.IMEI}
    </Link>
  );
}
