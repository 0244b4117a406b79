import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageContainer } from '@app/components/layout/AppShell';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { useOpenOutboxCount } from '@app/features/outbox/use-outbox';
import { logOutDiscardingOutbox } from '@app/features/outbox/logout';

export const logoutDiscardMessage = (count: number) =>
  `${count} change(s) in the Outbox have not reached the server. Logging out discards them.`;

/** /logout with changes still queued or failed: the installer decides before they are lost. */
export function LogoutConfirm() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const count = useOpenOutboxCount();
  const [busy, setBusy] = useState(false);
  return (
    <PageContainer>
      <ConfirmDialog
        open
        busy={busy}
        message={logoutDiscardMessage(count)}
        onCancel={() => {
          void navigate({ to: '/outbox' });
        }}
        onConfirm={() => {
          setBusy(true);
          void logOutDiscardingOutbox(client).then(() => navigate({ to: '/' }));
        }}
      />
    </PageContainer>
  );
}
