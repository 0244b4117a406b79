import { createFileRoute } from '@tanstack/react-router';
import { PlannedScreen } from '../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/devicetest')({
  component: () => <PlannedScreen title="Installation Test" />,
});
