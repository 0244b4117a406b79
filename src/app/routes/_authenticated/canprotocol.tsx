import { createFileRoute } from '@tanstack/react-router';
import { PlannedScreen } from '../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/canprotocol')({
  component: () => <PlannedScreen title="QTLibrary" />,
});
