import { createFileRoute } from '@tanstack/react-router';
import { PlannedScreen } from '../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/devicetests')({
  component: () => <PlannedScreen title="Device Tests Overview" />,
});
