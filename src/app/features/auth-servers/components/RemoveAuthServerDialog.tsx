import { useMutation } from '@tanstack/react-query';
import type { AuthServer } from '@shared/access/auth-servers';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { removeAuthServerMutationOptions } from '@app/features/auth-servers/api/auth-server-mutations';

/** Spec 02 "Authentication server list", exactly as quoted. */
export const REMOVE_AUTH_SERVER_QUESTION = 'Are you sure you want to remove this authServer?';

/** Deleting asks first (spec 02 §2); a server company cards use is refused by the server. */
export function RemoveAuthServerDialog({
  server,
  onClose,
}: {
  server: AuthServer | null;
  onClose: () => void;
}) {
  const remove = useMutation(removeAuthServerMutationOptions());
  return (
    <ConfirmDialog
      open={server !== null}
      busy={remove.isPending}
      message={REMOVE_AUTH_SERVER_QUESTION}
      onCancel={onClose}
      onConfirm={() => {
        if (!server) return;
        // A refusal (cards still use it) is toasted by the api client; the dialog closes either way.
        remove.mutate(server.Id, { onSettled: onClose });
      }}
    />
  );
}
