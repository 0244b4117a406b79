import { createFileRoute, redirect } from '@tanstack/react-router';
import { mayOpen } from '../../features/auth/session-guards';
import { PlannedScreen } from '../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/canprotocol')({
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.library', { preload })) throw redirect({ to: '/' });
  },
  component: () => <PlannedScreen title="QTLibrary" />,
});
