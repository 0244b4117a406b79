import { useQuery } from '@tanstack/react-query';
import { PageContainer } from '@app/components/layout/AppShell';
import { Card } from '@app/components/ui/Card';
import { PageHeader } from '@app/components/ui/PageHeader';
import { FormSkeleton, QueryError } from '@app/components/ui/QueryStates';
import { settingsProfileQueryOptions } from '@app/features/settings-profiles/api/settings-profiles';
import { SettingsProfileWizard } from './SettingsProfileWizard';

/**
 * /settingsProfiles/{id}: the wizard over the stored profile, once loaded. One that does not
 * exist (or is another tenant's) says 'not found'.
 */
export function SettingsProfileEditPage({ id }: { id: string }) {
  const query = useQuery(settingsProfileQueryOptions(id));
  if (query.isSuccess) return <SettingsProfileWizard key={id} profile={query.data} />;
  return (
    <PageContainer>
      <PageHeader title="Settings profile" />
      <Card>
        {query.isLoadingError ? (
          <QueryError title="The settings profile could not be loaded" query={query} />
        ) : (
          <FormSkeleton label="Loading the settings profile" />
        )}
      </Card>
    </PageContainer>
  );
}
