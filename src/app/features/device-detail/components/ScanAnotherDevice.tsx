import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ScannedIdentifier } from '@shared/devices/label-scan';
import { ScanButton } from '@app/components/scan';
import { searchDevicesInfiniteOptions } from '@app/features/devices';
import { scannedDevice } from '@app/features/device-detail/model/scanned-device';
import type { DeviceTabId } from '@app/features/device-detail/model/tabs';

const named = (id: ScannedIdentifier) => `${id.kind === 'imei' ? 'IMEI' : 'ICCID'} ${id.value}`;

/**
 * The device page's 'Scan another device': the label's IMEI or ICCID is looked up with the
 * devices list's search and its page opened on the same tab. The dialog says why when no
 * device (or several) match, and stays open for the next label.
 */
export function ScanAnotherDevice({ tab }: { tab: DeviceTabId }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const open = async (id: ScannedIdentifier) => {
    const filter = id.kind === 'imei' ? 'IMEI' : 'ICCID';
    const options = searchDevicesInfiniteOptions(filter, id.value, null);
    // Offline the search would wait for the connection, the dialog with it: say so instead.
    if (!onlineManager.isOnline() && !queryClient.getQueryData(options.queryKey)) {
      return `You are offline, so ${named(id)} cannot be looked up. Scan it again once connected.`;
    }
    const result = await queryClient.infiniteQuery(options);
    const found = scannedDevice(id, result.pages[0] ?? []);
    switch (found.kind) {
      case 'none':
        return `No device with ${named(id)} was found among the devices you can see.`;
      case 'several':
        await navigate({ to: '/devices', search: { filter, q: id.value } });
        return undefined;
      case 'one':
        await navigate({
          to: '/device/$id',
          params: { id: found.device.Id },
          search: { tab },
        });
        return undefined;
    }
  };

  return <ScanButton label="Scan another device" onScan={open} />;
}
