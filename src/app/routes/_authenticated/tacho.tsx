import { createFileRoute, redirect } from '@tanstack/react-router';
import { mayOpen } from '../../features/auth/session-guards';
import { PlannedScreen } from '../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/tacho')({
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.authServers', { preload })) throw redirect({ to: '/' });
  },
  component: () => <PlannedScreen title="Authentication Servers" />,
});
