import { createFileRoute } from '@tanstack/react-router';
import { PlannedScreen } from '../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/rawmessages')({
  component: () => <PlannedScreen title="Raw Messages" />,
});
