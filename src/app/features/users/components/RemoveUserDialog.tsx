import { useMutation } from '@tanstack/react-query';
import type { User } from '@shared/access/users';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { removeUserMutationOptions } from '@app/features/users/api/users';

export const REMOVE_USER_QUESTION = 'Are you sure you want to remove this user?';

/** Deleting always asks first (spec 02 §2); the user's sessions end with it. */
export function RemoveUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const remove = useMutation(removeUserMutationOptions());
  return (
    <ConfirmDialog
      open={user !== null}
      busy={remove.isPending}
      message={
        <>
          {REMOVE_USER_QUESTION}{' '}
          {user && <span className="font-medium break-all text-slate-900">{user.Email}</span>}
        </>
      }
      onCancel={onClose}
      onConfirm={() => {
        if (!user) return;
        // A failure is toasted by the api client; the dialog closes either way.
        remove.mutate(user.Id, { onSettled: onClose });
      }}
    />
  );
}
