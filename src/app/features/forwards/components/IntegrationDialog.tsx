import { useMutation, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  IntegrationCreateSchema,
  IntegrationUpdateSchema,
  KEEP_SECRET_HINT,
  type IntegrationCreateInput,
} from '@shared/forwards/forward-form';
import { AZURE_IOT_HUB_SUFFIX } from '@shared/forwards/forward-kinds';
import type { Forward } from '@shared/forwards/forwards';
import { NAME_TOOLTIP } from '@shared/access/names';
import { FormDialog, useAppForm } from '@app/components/form';
import { customersQueryOptions } from '@app/lib/lookups';
import {
  createIntegrationMutationOptions,
  updateIntegrationMutationOptions,
} from '@app/features/forwards/api/forward-mutations';
import { customerOptions, integrationValues } from '@app/features/forwards/model/forward-form';

/**
 * 'New Integration' (spec 02 "Forwards page"): an Azure IoT hub, stored as a forward of
 * integration type 2 that sends RT messages to the hub. Editing an integration opens it too.
 */
export function IntegrationDialog({
  forward,
  onClose,
}: {
  forward?: Forward;
  onClose: () => void;
}) {
  const customers = useQuery(customersQueryOptions());
  const create = useMutation(createIntegrationMutationOptions());
  const update = useMutation(updateIntegrationMutationOptions());
  const rules: v.GenericSchema<IntegrationCreateInput, unknown> = forward
    ? IntegrationUpdateSchema
    : IntegrationCreateSchema;
  const form = useAppForm({
    defaultValues: integrationValues(forward),
    validators: { onChange: rules },
    onSubmit: async ({ value }) => {
      if (forward) {
        const body = v.parse(IntegrationUpdateSchema, value);
        await update.mutateAsync({ id: forward.Id, body });
      } else {
        await create.mutateAsync(v.parse(IntegrationCreateSchema, value));
      }
      onClose();
    },
  });

  return (
    <FormDialog
      form={form}
      title={forward ? 'Update Integration' : 'New Integration'}
      onClose={onClose}
    >
      <div className="grid gap-y-5">
        <form.AppField name="CustomerId">
          {(field) => (
            <field.Select
              label="Customer"
              disabled={customers.isPending}
              options={customerOptions(customers.data ?? [])}
            />
          )}
        </form.AppField>
        <form.AppField name="Name">
          {(field) => (
            <field.Text label="Name" autoFocus autoComplete="off" tooltip={NAME_TOOLTIP} />
          )}
        </form.AppField>
        <form.AppField name="Hostname">
          {(field) => (
            <field.Text
              label="Hostname"
              autoComplete="off"
              inputMode="url"
              placeholder={`my-hub${AZURE_IOT_HUB_SUFFIX}`}
              hint={`The IoT hub's host name, ending in ${AZURE_IOT_HUB_SUFFIX}`}
            />
          )}
        </form.AppField>
        <form.AppField name="SharedAccessKeyName">
          {(field) => <field.Text label="Shared access key name" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="SharedAccessKey">
          {(field) => (
            <field.Text
              label="Shared access key"
              type="password"
              autoComplete="new-password"
              hint={forward ? KEEP_SECRET_HINT : undefined}
            />
          )}
        </form.AppField>
      </div>
    </FormDialog>
  );
}
