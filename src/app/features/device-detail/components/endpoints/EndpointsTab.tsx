import { useQuery } from '@tanstack/react-query';
import { EMPTY_GUID } from '@shared/devices/constants';
import { ENDPOINT_SLOTS, endpointIdSetting } from '@shared/devices/device-settings';
import type { DeviceDetail } from '@shared/devices/devices';
import { Card } from '@app/components/ui/Card';
import { endpointsQueryOptions } from '@app/lib/lookups/endpoints';
import { configValues } from '@app/features/device-detail/model/config-values';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import type { Option } from '@app/features/device-detail/model/options';
import { QueryError } from '@app/components/ui/QueryStates';
import { EndpointSlot } from './EndpointSlot';
import { MessageFlagsTable } from './MessageFlagsTable';

/**
 * Endpoints & messages (applicationVersion ≠ 0): an endpoint per message slot and the event
 * flags per message, all sent as pending settings. Admins see each endpoint's URL.
 */
export function EndpointsTab({ device }: { device: DeviceDetail }) {
  const { admin, canWrite } = useDevicePermissions();
  const endpoints = useQuery(endpointsQueryOptions(device.CustomerId));
  const pending = configValues(device.NewConfig);

  // The empty GUID is "no endpoint" (spec 01 §9): the '--' entry, and a valid endpoint{n}ID.
  const options: Option[] = [
    { value: EMPTY_GUID, label: '--' },
    ...(endpoints.data ?? []).map((endpoint) => ({
      value: endpoint.Id,
      label: admin ? `${endpoint.Name} – ${endpoint.URL}` : endpoint.Name,
    })),
  ];
  const endpointName = (id: unknown) => {
    if (typeof id !== 'string' || id === EMPTY_GUID) return '--';
    return endpoints.data?.find((endpoint) => endpoint.Id === id)?.Name ?? id;
  };

  return (
    <div className="space-y-4">
      <Card title="Endpoints">
        {endpoints.isLoadingError ? (
          <QueryError title="The endpoints could not be loaded" query={endpoints} />
        ) : (
          <div className="space-y-4">
            {ENDPOINT_SLOTS.map((slot) => (
              <EndpointSlot
                // A new pending endpoint restarts the slot's choice from it.
                key={`${slot}-${pending[endpointIdSetting(slot)] ?? ''}`}
                device={device}
                slot={slot}
                options={options}
                canWrite={canWrite}
              />
            ))}
          </div>
        )}
      </Card>
      <Card title="Messages">
        <MessageFlagsTable device={device} endpointName={endpointName} canWrite={canWrite} />
      </Card>
    </div>
  );
}
