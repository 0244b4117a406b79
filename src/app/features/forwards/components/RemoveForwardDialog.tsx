import { useMutation } from '@tanstack/react-query';
import type { Forward } from '@shared/forwards/forwards';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { removeForwardMutationOptions } from '@app/features/forwards/api/forward-mutations';

export const REMOVE_FORWARD_QUESTION = 'Are you sure you want to remove this forward?';

/** What removing does to the devices using the forward; null when none does. */
export const affectedDevices = (n: number): string | null =>
  n === 0
    ? null
    : `${String(n)} device${n === 1 ? ' uses' : 's use'} this forward: ${n === 1 ? 'its slot returns' : 'their slots return'} to 'non'.`;

/** Deleting asks first (spec 02 §2), and says which devices lose their forward. */
export function RemoveForwardDialog({
  forward,
  onClose,
}: {
  forward: Forward | null;
  onClose: () => void;
}) {
  const remove = useMutation(removeForwardMutationOptions());
  const affected = forward && affectedDevices(forward.Amountdevices);
  return (
    <ConfirmDialog
      open={forward !== null}
      busy={remove.isPending}
      message={
        <>
          {REMOVE_FORWARD_QUESTION}
          {affected && <span className="mt-2 block font-medium text-amber-900">{affected}</span>}
        </>
      }
      onCancel={onClose}
      onConfirm={() => {
        if (!forward) return;
        // A failure is toasted by the api client; the dialog closes either way.
        remove.mutate(forward.Id, { onSettled: onClose });
      }}
    />
  );
}
