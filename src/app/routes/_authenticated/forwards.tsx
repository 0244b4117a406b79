import { createFileRoute } from '@tanstack/react-router';
import { PlannedScreen } from '../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/forwards')({
  component: () => <PlannedScreen title="Forwards" />,
});
