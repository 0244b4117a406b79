import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';

export const LEAVE_CONFIRM =
  'You have unsaved changes to this settings profile. Leave and lose them?';

/**
 * Leaving the wizard with unsaved changes asks first: a navigation inside the portal with the
 * portal's own dialog, a reload or closed tab with the browser's (beforeunload).
 */
export function LeaveGuard({ when }: { when: () => boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: when,
    enableBeforeUnload: when,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      message={LEAVE_CONFIRM}
      onCancel={() => {
        blocker.reset?.();
      }}
      onConfirm={() => {
        blocker.proceed?.();
      }}
    />
  );
}
