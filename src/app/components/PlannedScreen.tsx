import { Card } from './ui/Card';
import { EmptyState } from './ui/EmptyState';
import { PageHeader } from './ui/PageHeader';
import { ClockIcon } from './ui/icons';
import { PageContainer } from './layout/AppShell';

/** Stand-in for a menu target whose screen ships in a later issue; says so instead of faking it. */
export function PlannedScreen({ title }: { title: string }) {
  return (
    <PageContainer>
      <PageHeader title={title} />
      <Card>
        <EmptyState icon={ClockIcon} title="Not available yet">
          This screen is coming in a later release.
        </EmptyState>
      </Card>
    </PageContainer>
  );
}
