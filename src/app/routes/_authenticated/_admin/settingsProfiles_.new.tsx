import { createFileRoute } from '@tanstack/react-router';
import { SettingsProfileWizard } from '@app/features/settings-profiles/components/SettingsProfileWizard';

// `settingsProfiles_`: beside the list, not inside it (the list has no outlet for a child).
export const Route = createFileRoute('/_authenticated/_admin/settingsProfiles_/new')({
  component: () => <SettingsProfileWizard />,
});
