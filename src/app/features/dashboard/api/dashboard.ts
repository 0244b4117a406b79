import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { Dashboard } from '@shared/customers/dashboard';
import { api } from '@app/lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

export const fetchDashboard = (signal?: AbortSignal) =>
  api.get<Dashboard>(apiPaths.dashboard, { signal });

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => fetchDashboard(signal),
  });
