import { useMutation } from '@tanstack/react-query';
import type { Customer } from '@shared/customers/customers';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { deactivateCustomerMutationOptions } from '@app/features/customers/api/customer-mutations';

export const DEACTIVATE_CUSTOMER_QUESTION = 'Are you sure you want to deactivate this customer?';

interface DeactivateCustomerDialogProps {
  customer: Customer | null;
  onClose: () => void;
  /** After the customer is gone (the detail screen leaves for the list). */
  onDeactivated?: () => void;
}

/**
 * Delete deactivates (spec 02 §4), and deleting always asks first (§2): the customer leaves every
 * list and select and its users can no longer sign in; its devices and history stay.
 */
export function DeactivateCustomerDialog({
  customer,
  onClose,
  onDeactivated,
}: DeactivateCustomerDialogProps) {
  const deactivate = useMutation(deactivateCustomerMutationOptions());
  return (
    <ConfirmDialog
      open={customer !== null}
      busy={deactivate.isPending}
      message={
        <>
          {DEACTIVATE_CUSTOMER_QUESTION}{' '}
          {customer && (
            <>
              <span className="font-medium text-slate-900">{customer.Name}</span> leaves every list
              and its users can no longer sign in; its devices and history are kept.
            </>
          )}
        </>
      }
      onCancel={onClose}
      onConfirm={() => {
        if (!customer) return;
        // A failure is toasted by the api client; the dialog closes either way.
        deactivate.mutate(customer.Id, {
          onSuccess: onDeactivated,
          onSettled: onClose,
        });
      }}
    />
  );
}
