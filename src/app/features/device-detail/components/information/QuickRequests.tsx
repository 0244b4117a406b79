import { useState } from 'react';
import { MODEM_COMMAND_TYPE } from '@shared/devices/constants';
import { QUICK_REQUESTS, resetCommand } from '@shared/devices/devices';
import { Button } from '@app/components/ui/Button';
import { Card } from '@app/components/ui/Card';
import { useBusy } from '@app/lib/busy';
import { createRequestMutationOptions } from '@app/features/device-detail/api/modem-requests';
import type { DeviceRef } from '@app/features/device-detail/api/keys';
import { useDeviceWrite } from '@app/features/outbox';

export const quickRequests = (imei: string) => [
  { label: 'Request Configuration', command: QUICK_REQUESTS.configuration },
  { label: 'Request RT', command: QUICK_REQUESTS.RT },
  { label: 'Request TD', command: QUICK_REQUESTS.TD },
  { label: 'Request RC', command: QUICK_REQUESTS.RC },
  { label: 'Request Reset', command: resetCommand(imei) },
];

/** The five quick modem requests (spec 01 §7); the parent leaves them out for viewers. */
export function QuickRequests({ device }: { device: DeviceRef }) {
  const { imei } = device;
  const busy = useBusy();
  const write = useDeviceWrite(createRequestMutationOptions);
  const [running, setRunning] = useState<string>();
  return (
    <Card title="Requests">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {quickRequests(imei).map((request) => (
          <Button
            key={request.label}
            variant="secondary"
            disabled={busy}
            loading={running === request.command}
            className="h-11 first:col-span-2 sm:h-10"
            onClick={() => {
              setRunning(request.command);
              // Offline it is queued at once; a refusal has been toasted by the api client.
              write
                .submit({ ...device, Command: request.command, CommandType: MODEM_COMMAND_TYPE })
                .catch(() => undefined)
                .finally(() => {
                  setRunning(undefined);
                });
            }}
          >
            {request.label}
          </Button>
        ))}
      </div>
    </Card>
  );
}
