import { createFileRoute, redirect } from '@tanstack/react-router';
import { mayOpen } from '@app/features/auth/session-guards';
import { DeviceTestSearchPage } from '@app/features/device-tests/components/DeviceTestSearchPage';

export const Route = createFileRoute('/_authenticated/devicetest')({
  beforeLoad: ({ preload }) => {
    if (!mayOpen('deviceTests.run', { preload })) throw redirect({ to: '/' });
  },
  component: DeviceTestSearchPage,
});
