import { useQuery } from '@tanstack/react-query';
import type { TachoStateGraph } from '@shared/tacho/tacho-lists';
import { Card } from '@app/components/ui/Card';
import { EmptyState } from '@app/components/ui/EmptyState';
import { BarChartIcon } from '@app/components/ui/icons';
import { PageHeader } from '@app/components/ui/PageHeader';
import { QueryError } from '@app/components/ui/QueryStates';
import { RefreshButton } from '@app/components/ui/RefreshButton';
import { Skeleton } from '@app/components/ui/Skeleton';
import { stateGraphQueryOptions } from '@app/features/tacho/api/tacho-queries';
import { percentSegments, thresholds } from '@app/features/tacho/model/state-graph';
import { ChartLegend, StackedPercentChart } from './StackedPercentChart';

type Chart = 'ByLaw' | 'PlannedRdl';
const CHARTS: readonly { key: Chart; title: string; rule: 'byLaw' | 'plannedRdl' }[] = [
  { key: 'ByLaw', title: 'Vehicles and drivers by law', rule: 'byLaw' },
  { key: 'PlannedRdl', title: 'Planned RDL', rule: 'plannedRdl' },
];

/**
 * State Graph (/overviewgraph, spec 03 §2; issue 12 item 8): two stacked percent bar charts of
 * the caller's vehicles and drivers, computed from their real downloads, with the thresholds.
 */
export function StateGraphPage() {
  const graph = useQuery(stateGraphQueryOptions());
  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-5 sm:px-6 sm:py-8">
      <PageHeader
        title="State Graph"
        description="Whether the latest tachograph downloads are on schedule."
        actions={
          <RefreshButton
            onRefresh={() => void graph.refetch()}
            refreshing={graph.isFetching}
            compactOnPhones
          />
        }
      />
      {graph.isPending ? (
        <div
          role="status"
          aria-label="Loading the state graph"
          className="grid gap-5 md:grid-cols-2"
        >
          {CHARTS.map((c) => (
            <Skeleton key={c.key} className="h-64 w-full rounded-xl" />
          ))}
        </div>
      ) : graph.isError ? (
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <QueryError title="The state graph could not be loaded" query={graph} />
        </div>
      ) : (
        <Charts graph={graph.data} />
      )}
    </div>
  );
}

const totalOf = (c: TachoStateGraph['ByLaw']['Vehicles']) =>
  c.Available + c.SoonAvailable + c.NotOnSchedule;

function Charts({ graph }: { graph: TachoStateGraph }) {
  const rules = thresholds(graph.SoonDays);
  if (totalOf(graph.ByLaw.Vehicles) + totalOf(graph.ByLaw.Drivers) === 0) {
    return (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <EmptyState icon={BarChartIcon} title="No vehicles or drivers found">
          The charts fill in once vehicle units and driver cards have been downloaded.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ChartLegend />
        <p className="text-sm text-slate-600">
          Soon: within {graph.SoonDays} days, the level at which the portal requests a download by
          itself.
        </p>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        {CHARTS.map((chart) => {
          const counts = graph[chart.key];
          return (
            <Card key={chart.key} title={chart.title}>
              <figure>
                <StackedPercentChart
                  unit="in total"
                  bars={[
                    { label: 'Vehicles', counts: counts.Vehicles },
                    { label: 'Drivers', counts: counts.Drivers },
                  ]}
                />
                <figcaption className="mt-4 text-xs leading-relaxed text-slate-600">
                  {rules[chart.rule]}
                </figcaption>
              </figure>
              <CountsTable
                vehicles={counts.Vehicles}
                drivers={counts.Drivers}
                caption={chart.title}
              />
            </Card>
          );
        })}
      </div>
    </div>
  );
}

function CountsTable({
  vehicles,
  drivers,
  caption,
}: {
  vehicles: TachoStateGraph['ByLaw']['Vehicles'];
  drivers: TachoStateGraph['ByLaw']['Drivers'];
  caption: string;
}) {
  const rows = [
    { label: 'Vehicles', segments: percentSegments(vehicles) },
    { label: 'Drivers', segments: percentSegments(drivers) },
  ];
  const series = rows[0]?.segments ?? [];
  return (
    <table className="mt-4 w-full text-sm">
      <caption className="sr-only">{caption}: numbers</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
          <th scope="col" className="py-1.5 font-medium">
            <span className="sr-only">Group</span>
          </th>
          {series.map((s) => (
            <th key={s.key} scope="col" className="py-1.5 text-right font-medium">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-1.5 text-left font-medium text-slate-900">
              {row.label}
            </th>
            {row.segments.map((s) => (
              <td key={s.key} className="py-1.5 text-right text-slate-700 tabular-nums">
                {s.count} <span className="text-slate-500">({s.percent}%)</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
