import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type {
  Customer,
  CustomerCreateInput,
  CustomerUpdateInput,
} from '@shared/customers/customers';
import { api } from '@app/lib/api-client';
import { customerKeys } from '@app/lib/lookups';
import { deviceList } from '@app/features/devices';
import { customerQueryKeys } from './customers';

/**
 * After a change: every customer list and select, and the device lists (they show the
 * customer's name), load again.
 */
const customersChanged = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: customerKeys.all }),
    client.invalidateQueries({ queryKey: deviceList.keys.all }),
  ]);

/** `POST customers/` (spec 02 §8 toast, 'succesfully' as quoted). */
export const createCustomerMutationOptions = () =>
  mutationOptions({
    mutationKey: customerQueryKeys.write(),
    mutationFn: (body: CustomerCreateInput) => api.post<Customer>(apiPaths.customers, body),
    onSuccess: (customer, _body, _result, { client }) => {
      toast.success(`Customer ${customer.Name} succesfully created!`);
      return customersChanged(client);
    },
  });

export interface UpdateCustomerVariables {
  id: number;
  /** The whole customer as the update schema takes it (the server validates it again). */
  body: CustomerUpdateInput;
}

/** `PUT customers/{id}`. */
export const updateCustomerMutationOptions = () =>
  mutationOptions({
    mutationKey: customerQueryKeys.write(),
    mutationFn: ({ id, body }: UpdateCustomerVariables) =>
      api.put<Customer>(apiPaths.customer(id), body),
    onSuccess: (customer, _variables, _result, { client }) => {
      toast.success(`Customer ${customer.Name} succesfully updated!`);
      return customersChanged(client);
    },
  });

/**
 * `DELETE customers/{id}` deactivates (spec 02 §4): the customer leaves every list and select.
 * Its detail is dropped rather than refetched, as it would only answer 404 now.
 */
export const deactivateCustomerMutationOptions = () =>
  mutationOptions({
    mutationKey: customerQueryKeys.write(),
    mutationFn: (id: number) => api.delete<Customer>(apiPaths.customer(id)),
    onSuccess: (_customer, id, _result, { client }) => {
      toast.warning('Customer succesfully deactivated');
      client.removeQueries({ queryKey: customerQueryKeys.detail(id) });
      return customersChanged(client);
    },
  });
