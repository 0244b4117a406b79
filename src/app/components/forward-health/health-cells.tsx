import { createContext, useContext } from 'react';
import type { ForwardHealth } from '@shared/forwards/forward-health';
import { Skeleton } from '@app/components/ui/Skeleton';
import { HealthStateButton } from './HealthStateBadge';
import type { HealthLookup } from './use-forwards-health';

export interface HealthCellsValue {
  lookup: HealthLookup;
  /** Opens the forward's detail panel. */
  open: (id: number) => void;
}

const HealthCellsContext = createContext<HealthCellsValue | null>(null);

/**
 * Gives the health cells of a table their data. Through context, so a list's column definitions
 * stay constants and only the cells re-render when health is asked again.
 */
export const HealthCellsProvider = HealthCellsContext.Provider;

/** One forward's health and the way into its panel, for a cell under a HealthCellsProvider. */
export function useHealthOf(id: number) {
  const value = useContext(HealthCellsContext);
  if (!value) throw new Error('Health cells need a HealthCellsProvider');
  return { health: value.lookup.of(id), open: value.open };
}

/** A cell's placeholder while the health loads. */
export const HealthLoading = () => (
  <>
    <Skeleton className="inline-block h-3 w-10 align-middle" />
    <span className="sr-only">Loading</span>
  </>
);

/** The State cell: the badge, which opens the detail panel; '–' when not known. */
export function HealthStateCell({ id, name }: { id: number; name: string }) {
  const { health, open } = useHealthOf(id);
  if (health.status === 'loading') return <HealthLoading />;
  if (health.status === 'unknown') return '–';
  return (
    <HealthStateButton
      state={health.health.State}
      name={name}
      onOpen={() => {
        open(id);
      }}
    />
  );
}

/** A number of the health (backlog, lag, counts), formatted; '–' when not known. */
export function HealthValueCell({
  id,
  value,
}: {
  id: number;
  value: (health: ForwardHealth) => string;
}) {
  const { health } = useHealthOf(id);
  if (health.status === 'loading') return <HealthLoading />;
  return health.status === 'ready' ? value(health.health) : '–';
}
