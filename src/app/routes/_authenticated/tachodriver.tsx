import { createFileRoute } from '@tanstack/react-router';
import { PlannedScreen } from '../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/tachodriver')({
  component: () => <PlannedScreen title="Driver Overview" />,
});
