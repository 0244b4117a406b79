import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import * as v from 'valibot';
import {
  EndpointCreateSchema,
  EndpointUpdateSchema,
  type Endpoint,
} from '@shared/forwards/endpoints';
import { FormDialog, useAppForm } from '@app/components/form';
import { customersQueryOptions } from '@app/lib/lookups';
import {
  createEndpointMutationOptions,
  updateEndpointMutationOptions,
} from '@app/features/endpoints/api/endpoint-mutations';
import {
  customerOptions,
  endpointValues,
  newEndpointValues,
  PROTOCOL_OPTIONS,
  URL_PLACEHOLDER,
  type EndpointFormValues,
} from '@app/features/endpoints/model/endpoint-form';

interface EndpointDialogProps {
  /** The endpoint to update; none for Create Endpoint. */
  endpoint?: Endpoint | undefined;
  onClose: () => void;
}

/**
 * Create Endpoint / Update Endpoint (spec 02 "Endpoints page") with the rules of spec 02 §5 as
 * the routes validate them. A shared endpoint (admins only) may keep no customer. Mount it per
 * opening, so each starts from its own values.
 */
export function EndpointDialog({ endpoint, onClose }: EndpointDialogProps) {
  const create = useMutation(createEndpointMutationOptions());
  const update = useMutation(updateEndpointMutationOptions());
  const customers = useQuery(customersQueryOptions());
  const shared = endpoint !== undefined && endpoint.CustomerId === null;
  // One type for either schema: the update's lets a shared endpoint keep no customer.
  const rules = (shared
    ? EndpointUpdateSchema
    : EndpointCreateSchema) as unknown as v.GenericSchema<EndpointFormValues, unknown>;
  const form = useAppForm({
    defaultValues: endpoint ? endpointValues(endpoint) : newEndpointValues(),
    validators: { onChange: rules },
    onSubmit: async ({ value }) => {
      // Valid by now: parsing trims the texts for the body.
      if (endpoint) {
        const body = v.parse(EndpointUpdateSchema, value);
        await update.mutateAsync({ id: endpoint.Id, body });
      } else {
        await create.mutateAsync(v.parse(EndpointCreateSchema, value));
      }
      onClose();
    },
  });
  const protocol = useSelector(form.store, (state) => state.values.Protocol);

  return (
    <FormDialog
      form={form}
      title={endpoint ? 'Update Endpoint' : 'Create Endpoint'}
      onClose={onClose}
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <form.AppField name="CustomerId">
          {(field) => (
            <field.Select
              label="Customer"
              className="sm:col-span-2"
              disabled={customers.isPending}
              options={customerOptions(customers.data ?? [], shared)}
            />
          )}
        </form.AppField>
        <form.AppField name="Name">
          {(field) => (
            <field.Text
              label="Name"
              autoFocus
              maxLength={50}
              tooltip="Make sure the name consists of more than 3 characters."
            />
          )}
        </form.AppField>
        <form.AppField
          name="Protocol"
          listeners={{
            // The URL's rule depends on the protocol: show its verdict for the new one.
            onChange: () => {
              form.setFieldMeta('URL', (meta) => ({ ...meta, isTouched: true }));
            },
          }}
        >
          {(field) => <field.Select label="Protocol" options={PROTOCOL_OPTIONS} />}
        </form.AppField>
        <form.AppField name="URL">
          {(field) => (
            <field.Text
              label="URL"
              type="url"
              className="sm:col-span-2"
              maxLength={500}
              placeholder={URL_PLACEHOLDER[protocol] ?? ''}
              hint={protocol === 3 ? 'tcp://host:port' : 'An http:// or https:// address'}
            />
          )}
        </form.AppField>
      </div>
    </FormDialog>
  );
}
