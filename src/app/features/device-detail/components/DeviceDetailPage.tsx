import { useQuery } from '@tanstack/react-query';
import { deviceTypeName } from '@shared/devices/constants';
import { PageContainer } from '@app/components/layout/AppShell';
import { Badge } from '@app/components/ui/Badge';
import { Card } from '@app/components/ui/Card';
import { PageHeader } from '@app/components/ui/PageHeader';
import { deviceQueryOptions } from '@app/features/device-detail/api/device';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import { resolveTab, visibleTabs, type DeviceTabId } from '@app/features/device-detail/model/tabs';
import { QueryError } from '@app/components/ui/QueryStates';
import { DeviceDetailSkeleton } from './DeviceDetailSkeleton';
import { DeviceTabNav } from './DeviceTabNav';
import { DeviceTabPanel } from './DeviceTabPanel';
import { ScanAnotherDevice } from './ScanAnotherDevice';

/** /device/{id}: the IMEI as title, tabs on the left (a picker on phones), one tab shown. */
export function DeviceDetailPage({ id, tab }: { id: number; tab: DeviceTabId | undefined }) {
  const query = useQuery(deviceQueryOptions(id));
  const { customerHistory } = useDevicePermissions();

  if (query.isPending) {
    return (
      <PageContainer>
        <DeviceDetailSkeleton />
      </PageContainer>
    );
  }
  if (query.isLoadingError) {
    return (
      <PageContainer>
        <PageHeader title="Device" />
        <Card>
          <QueryError title="The device could not be loaded" query={query} />
        </Card>
      </PageContainer>
    );
  }

  const device = query.data;
  const tabs = visibleTabs(device.CurrentConfig.applicationVersion, customerHistory);
  const active = resolveTab(tab, tabs);
  const description = [
    device.Name,
    device.DeviceName ?? deviceTypeName(device.DeviceType),
    device.Customer ?? 'No customer',
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <PageContainer>
      <PageHeader
        title={device.IMEI}
        description={description}
        actions={
          <>
            {device.InSync ? (
              <Badge tone="brand">In sync</Badge>
            ) : (
              <Badge tone="amber">Not in sync</Badge>
            )}
            <ScanAnotherDevice tab={active} />
          </>
        }
      />
      <div className="md:grid md:grid-cols-[12rem_minmax(0,1fr)] md:items-start md:gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <DeviceTabNav deviceId={device.Id} tabs={tabs} active={active} />
        <div className="min-w-0">
          <DeviceTabPanel key={active} tab={active} device={device} />
        </div>
      </div>
    </PageContainer>
  );
}
