import { useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '@app/components/layout/AppShell';
import { Button } from '@app/components/ui/Button';
import { Card } from '@app/components/ui/Card';
import { EmptyState } from '@app/components/ui/EmptyState';
import { PageHeader } from '@app/components/ui/PageHeader';
import { InboxIcon } from '@app/components/ui/icons';
import { useIsOnline } from '@app/lib/connectivity';
import { clearSent } from '@app/features/outbox/actions';
import { groupByDevice, isOpen } from '@app/features/outbox/model/entries';
import { useOutboxEntries } from '@app/features/outbox/use-outbox';
import { DeviceOutbox } from './DeviceOutbox';

export const OUTBOX_EMPTY_TITLE = 'Nothing in the Outbox';

/** Queued, failed and sent device changes, per device (issue 4). */
export function OutboxPage() {
  const client = useQueryClient();
  const online = useIsOnline();
  const entries = useOutboxEntries();
  const open = entries.filter(isOpen).length;
  const sent = entries.length - open;

  return (
    <PageContainer>
      <PageHeader
        title="Outbox"
        description={
          open === 0
            ? 'Every change you made has reached the server.'
            : online
              ? `${open} change(s) not on the server yet. Queued changes are being sent.`
              : `${open} change(s) not on the server yet. They are sent when the connection is back.`
        }
        actions={
          sent > 0 && (
            <Button
              variant="secondary"
              onClick={() => {
                clearSent(client);
              }}
            >
              Clear sent
            </Button>
          )
        }
      />
      {entries.length === 0 ? (
        <Card>
          <EmptyState icon={InboxIcon} title={OUTBOX_EMPTY_TITLE}>
            Changes you make to a device — settings, modem requests, note and name — wait here while
            you are offline, and are sent in order once the server can be reached.
          </EmptyState>
        </Card>
      ) : (
        <div className="grid gap-4">
          {groupByDevice(entries).map((group) => (
            <DeviceOutbox key={group.imei} group={group} />
          ))}
        </div>
      )}
    </PageContainer>
  );
}
