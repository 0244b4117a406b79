import type { Device } from '@shared/devices/devices';
import { EmptyState } from '@app/components/ui/EmptyState';
import { ErrorState } from '@app/components/ui/ErrorState';
import { Skeleton } from '@app/components/ui/Skeleton';
import { SearchIcon } from '@app/components/ui/icons';
import { MIN_SEARCH_LENGTH } from '@app/components/list';
import {
  MAX_TEST_MATCHES,
  type MatchOutcome,
} from '@app/features/device-tests/model/device-matches';
import { MatchCard } from './MatchCard';

const NO_MATCH_TITLE = 'No devices found';
const TOO_MANY_TITLE = `More than ${MAX_TEST_MATCHES} devices match`;

interface MatchListProps {
  outcome: MatchOutcome;
  loading: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  /** Absent for callers who may not run tests (Viewers). */
  onChoose?: ((device: Device) => void) | undefined;
}

const grid = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';

/** The search's answer: a hint, the 1 to 5 cards, or why there are none. */
export function MatchList({
  outcome,
  loading,
  error,
  retrying,
  onRetry,
  onChoose,
}: MatchListProps) {
  if (outcome.kind === 'short') {
    return (
      <EmptyState icon={SearchIcon} title="Find the device to test">
        Type at least {MIN_SEARCH_LENGTH} characters of its IMEI or serial number, or scan its
        label.
      </EmptyState>
    );
  }
  if (error) {
    return (
      <ErrorState title="The search failed" error={error} onRetry={onRetry} retrying={retrying} />
    );
  }
  if (loading) {
    return (
      <div role="status" aria-label="Searching devices" className={grid}>
        {Array.from({ length: 2 }, (_, i) => (
          <Skeleton key={i} className="h-56 rounded-xl" />
        ))}
      </div>
    );
  }
  switch (outcome.kind) {
    case 'none':
      return (
        <EmptyState icon={SearchIcon} title={NO_MATCH_TITLE}>
          No device's IMEI or serial number contains this text.
        </EmptyState>
      );
    case 'tooMany':
      return (
        <EmptyState icon={SearchIcon} title={TOO_MANY_TITLE}>
          Refine the search: type more of the IMEI or serial number until at most {MAX_TEST_MATCHES}{' '}
          devices match.
        </EmptyState>
      );
    case 'devices':
      return (
        <div role="list" aria-label="Matching devices" className={grid}>
          {outcome.devices.map((device) => (
            <div role="listitem" key={device.Id}>
              <MatchCard device={device} onChoose={onChoose} />
            </div>
          ))}
        </div>
      );
  }
}
