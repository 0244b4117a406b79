import type { Customer } from '@shared/customers/customers';
import { RowIconButton } from '@app/components/list/table';
import { PencilIcon, TrashIcon } from '@app/components/ui/icons';
import type { CustomerAccess } from '@app/features/customers/model/customer-form';

interface CustomerRowActionsProps {
  customer: Customer;
  access: CustomerAccess;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
  withLabel: boolean;
}

/** Edit and delete of one customer row (left out for those who may not, spec 02 §6). */
export function CustomerRowActions({
  customer,
  access,
  onEdit,
  onDelete,
  withLabel,
}: CustomerRowActionsProps) {
  return (
    <span className="inline-flex gap-1">
      {access.update && (
        <RowIconButton
          icon={PencilIcon}
          label={withLabel ? 'Edit' : `Edit ${customer.Name}`}
          title="Edit"
          withLabel={withLabel}
          onClick={() => {
            onEdit(customer);
          }}
        />
      )}
      {access.remove && (
        <RowIconButton
          icon={TrashIcon}
          tone="danger"
          label={withLabel ? 'Delete' : `Delete ${customer.Name}`}
          title="Delete"
          withLabel={withLabel}
          onClick={() => {
            onDelete(customer);
          }}
        />
      )}
    </span>
  );
}
