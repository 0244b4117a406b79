import { useMutation } from '@tanstack/react-query';
import type { Endpoint } from '@shared/forwards/endpoints';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { removeEndpointMutationOptions } from '@app/features/endpoints/api/endpoint-mutations';

export const REMOVE_ENDPOINT_QUESTION = 'Are you sure you want to remove this endpoint?';

interface RemoveEndpointDialogProps {
  endpoint: Endpoint | null;
  onClose: () => void;
}

/**
 * Deleting asks first (spec 02 §2). An endpoint in use is refused by the server with how many
 * devices and settings profiles use it, which the api client toasts.
 */
export function RemoveEndpointDialog({ endpoint, onClose }: RemoveEndpointDialogProps) {
  const remove = useMutation(removeEndpointMutationOptions());
  return (
    <ConfirmDialog
      open={endpoint !== null}
      busy={remove.isPending}
      message={
        <>
          {REMOVE_ENDPOINT_QUESTION}{' '}
          {endpoint && (
            <>
              <span className="font-medium text-slate-900">{endpoint.Name}</span>
              {endpoint.Devices > 0 &&
                ` is used by ${endpoint.Devices} ${endpoint.Devices === 1 ? 'device' : 'devices'}: it can only be removed once none uses it.`}
            </>
          )}
        </>
      }
      onCancel={onClose}
      onConfirm={() => {
        if (!endpoint) return;
        // A refusal is toasted by the api client; the dialog closes either way.
        remove.mutate(endpoint, { onSettled: onClose });
      }}
    />
  );
}
