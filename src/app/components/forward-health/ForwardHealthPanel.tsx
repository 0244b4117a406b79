import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ForwardHealth } from '@shared/forwards/forward-health';
import { Button } from '@app/components/ui/Button';
import { Modal } from '@app/components/ui/Modal';
import { QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { forwardHealthQueryOptions } from './health-api';
import { HealthFacts } from './HealthFacts';
import { HealthNotice } from './HealthNotice';
import { ReplayDialog, type ReplayTarget } from './ReplayDialog';

interface ForwardHealthPanelProps {
  forward: ReplayTarget;
  /** What the table shows already, until the panel's own answer arrives. */
  initial?: ForwardHealth | undefined;
  /** Admins, and writers who may change the forward (a shared one: admins only). */
  mayReplay: boolean;
  onClose: () => void;
}

/**
 * One forward's delivery health, live while open: state, backlog, lag, the day's counts, last
 * delivery, last error, next attempt and replays still running; 'Replay' for those who may.
 * Mount it per opening.
 */
export function ForwardHealthPanel({
  forward,
  initial,
  mayReplay,
  onClose,
}: ForwardHealthPanelProps) {
  const query = useQuery({ ...forwardHealthQueryOptions(forward.Id), placeholderData: initial });
  const [replaying, setReplaying] = useState(false);

  let body;
  if (query.data) {
    body = (
      <>
        <HealthFacts
          health={query.data}
          updatedAt={query.isPlaceholderData ? null : query.dataUpdatedAt}
        />
        <div className="mt-3">
          <HealthNotice
            failed={query.isError}
            stale
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        </div>
      </>
    );
  } else if (query.isError) {
    body = <QueryError title="The delivery health could not be loaded" query={query} />;
  } else {
    body = <TableSkeleton label="Loading the delivery health" rows={3} />;
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={`Health of ${forward.Name}`}
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={onClose}>
            Close
          </Button>
          {mayReplay && (
            <Button
              size="lg"
              onClick={() => {
                setReplaying(true);
              }}
            >
              Replay
            </Button>
          )}
        </>
      }
    >
      {body}
      {replaying && (
        <ReplayDialog
          forward={forward}
          onClose={() => {
            setReplaying(false);
          }}
        />
      )}
    </Modal>
  );
}
