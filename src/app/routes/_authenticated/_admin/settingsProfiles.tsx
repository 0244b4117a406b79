import { createFileRoute } from '@tanstack/react-router';
import { PlannedScreen } from '../../../components/PlannedScreen';

export const Route = createFileRoute('/_authenticated/_admin/settingsProfiles')({
  component: () => <PlannedScreen title="Settings Profiles" />,
});
