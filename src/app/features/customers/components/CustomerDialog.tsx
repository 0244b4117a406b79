import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  CustomerCreateSchema,
  CustomerUpdateSchema,
  type Customer,
} from '@shared/customers/customers';
import { FormDialog, useAppForm } from '@app/components/form';
import {
  createCustomerMutationOptions,
  updateCustomerMutationOptions,
} from '@app/features/customers/api/customer-mutations';
import {
  createFormValues,
  updateFormValues,
  type CustomerFormValues,
} from '@app/features/customers/model/customer-form';
import { CustomerFields } from './CustomerFields';

interface CustomerDialogProps {
  /** The customer to update; none for Add Customer. */
  customer?: Customer | undefined;
  /** The Reseller checkbox and main reseller select (admins, spec 02 §6). */
  resellers: boolean;
  onClose: () => void;
}

/**
 * Add Customer / Update Customer (spec 02 "Customers page"): the fields and rules of spec 02 §5,
 * as the route's schema has them. Mount it per opening, so each starts from its own values.
 */
export function CustomerDialog({ customer, resellers, onClose }: CustomerDialogProps) {
  const create = useMutation(createCustomerMutationOptions());
  const update = useMutation(updateCustomerMutationOptions());
  const defaultValues: CustomerFormValues = customer
    ? updateFormValues(customer)
    : createFormValues();
  // One type for either schema: both take these values, they differ in limits only.
  const rules: v.GenericSchema<CustomerFormValues, unknown> = customer
    ? CustomerUpdateSchema
    : CustomerCreateSchema;
  const form = useAppForm({
    defaultValues,
    validators: { onChange: rules },
    onSubmit: async ({ value }) => {
      // Valid by now: parsing applies the schema's trimming and defaults for the body.
      if (customer) {
        const body = v.parse(CustomerUpdateSchema, value);
        await update.mutateAsync({ id: customer.Id, body });
      } else {
        await create.mutateAsync(v.parse(CustomerCreateSchema, value));
      }
      onClose();
    },
  });
  return (
    <FormDialog
      form={form}
      title={customer ? 'Update Customer' : 'Add Customer'}
      size="lg"
      onClose={onClose}
    >
      <CustomerFields form={form} customer={customer} resellers={resellers} />
    </FormDialog>
  );
}
