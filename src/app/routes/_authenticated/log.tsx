import { createFileRoute } from '@tanstack/react-router';
import { PlannedScreen } from '../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/log')({
  component: () => <PlannedScreen title="Log" />,
});
