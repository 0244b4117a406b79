import { useMutation, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  AuthServerCreateSchema,
  AuthServerUpdateSchema,
  type AuthServer,
  type AuthServerCreateInput,
} from '@shared/access/auth-servers';
import { KEEP_SECRET_HINT } from '@shared/forwards/forward-form';
import { PORT_RANGE } from '@shared/api/server-status';
import { FormDialog, useAppForm } from '@app/components/form';
import { customersQueryOptions } from '@app/lib/lookups';
import {
  createAuthServerMutationOptions,
  updateAuthServerMutationOptions,
} from '@app/features/auth-servers/api/auth-server-mutations';
import {
  authServerValues,
  customerOptions,
  newAuthServerValues,
  STATUS_OPTIONS,
} from '@app/features/auth-servers/model/auth-server-form';

const PORT_HINT = `${String(PORT_RANGE.min)} to ${String(PORT_RANGE.max)}`;

/**
 * New / Edit Authentication Server (spec 02: fields customerId, name, ip, devicePort, port,
 * username, password, status). The rules are the route's schema; Save is off while invalid.
 * Mount it per opening.
 */
export function AuthServerDialog({
  server,
  onClose,
}: {
  server?: AuthServer;
  onClose: () => void;
}) {
  const customers = useQuery(customersQueryOptions());
  const create = useMutation(createAuthServerMutationOptions());
  const update = useMutation(updateAuthServerMutationOptions());
  // Both schemas take these values; update differs in its password only.
  const rules: v.GenericSchema<AuthServerCreateInput, unknown> = server
    ? AuthServerUpdateSchema
    : AuthServerCreateSchema;
  const form = useAppForm({
    defaultValues: server ? authServerValues(server) : newAuthServerValues(),
    validators: { onChange: rules },
    onSubmit: async ({ value }) => {
      // Valid by now: parsing trims and leaves an unchanged password out of the body.
      if (server) {
        await update.mutateAsync({ id: server.Id, body: v.parse(AuthServerUpdateSchema, value) });
      } else {
        await create.mutateAsync(v.parse(AuthServerCreateSchema, value));
      }
      onClose();
    },
  });

  return (
    <FormDialog
      form={form}
      title={server ? 'Update Authentication Server' : 'New Authentication Server'}
      size="lg"
      onClose={onClose}
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <form.AppField name="customerId">
          {(field) => (
            <field.Select
              label="Customer"
              disabled={customers.isPending}
              options={customerOptions(customers.data ?? [])}
            />
          )}
        </form.AppField>
        <form.AppField name="name">
          {(field) => (
            <field.Text label="Name" autoFocus autoComplete="off" tooltip="3 to 100 characters." />
          )}
        </form.AppField>
        <form.AppField name="ip">
          {(field) => (
            <field.Text
              label="IP"
              autoComplete="off"
              inputMode="url"
              hint="An IP address or host name"
            />
          )}
        </form.AppField>
        <form.AppField name="devicePort">
          {(field) => (
            <field.Number label="Device Port" hint={`${PORT_HINT}: where devices connect`} />
          )}
        </form.AppField>
        <form.AppField name="port">
          {(field) => <field.Number label="Port" hint={PORT_HINT} />}
        </form.AppField>
        <form.AppField name="username">
          {(field) => <field.Text label="Username" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.Text
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={server ? KEEP_SECRET_HINT : undefined}
            />
          )}
        </form.AppField>
        <form.AppField name="status">
          {(field) => <field.Select label="Status" options={STATUS_OPTIONS} />}
        </form.AppField>
      </div>
    </FormDialog>
  );
}
