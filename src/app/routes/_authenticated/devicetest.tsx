import { createFileRoute, redirect } from '@tanstack/react-router';
import { mayOpen } from '../../features/auth/session-guards';
import { DeviceTestSearchPage } from '../../features/device-tests/components/DeviceTestSearchPage';

export const Route = createFileRoute('/_authenticated/devicetest')({
  beforeLoad: ({ preload }) => {
    if (!mayOpen('deviceTests.run', { preload })) throw redirect({ to: '/' });
  },
  component: DeviceTestSearchPage,
});
