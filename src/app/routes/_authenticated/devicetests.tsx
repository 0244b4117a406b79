import { createFileRoute } from '@tanstack/react-router';
import { deviceTestsInfiniteOptions } from '../../features/device-tests/api/device-tests';
import { DeviceTestsPage } from '../../features/device-tests/history/DeviceTestsPage';

export const Route = createFileRoute('/_authenticated/devicetests')({
  // Starts the call on link hover; the page shows its skeleton meanwhile.
  loader: ({ context }) => {
    context.queryClient.infiniteQuery(deviceTestsInfiniteOptions()).catch(() => undefined);
  },
  component: DeviceTestsPage,
});
