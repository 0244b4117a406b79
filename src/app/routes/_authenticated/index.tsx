import { createFileRoute } from '@tanstack/react-router';
import { dashboardQueryOptions } from '@app/features/dashboard/api/dashboard';
import { DashboardPage } from '@app/features/dashboard/components/DashboardPage';

export const Route = createFileRoute('/_authenticated/')({
  // Starts the call on link hover; the page renders its own skeleton meanwhile.
  loader: ({ context }) => {
    // A failure is already toasted by the api client and shown by the page.
    context.queryClient.query(dashboardQueryOptions()).catch(() => undefined);
  },
  component: DashboardPage,
});
