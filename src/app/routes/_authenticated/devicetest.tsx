import { createFileRoute } from '@tanstack/react-router';
import { DeviceTestSearchPage } from '../../features/device-tests/components/DeviceTestSearchPage';

export const Route = createFileRoute('/_authenticated/devicetest')({
  component: DeviceTestSearchPage,
});
