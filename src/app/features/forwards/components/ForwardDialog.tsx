import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import * as v from 'valibot';
import {
  CELLO_WARNING,
  ForwardCreateFormSchema,
  ForwardUpdateFormSchema,
  KEEP_SECRET_HINT,
  NO_USERNAME_HINT,
  protocolLimit,
  type ForwardCreateFormInput,
} from '@shared/forwards/forward-form';
import { FORWARD_PROTOCOL_IDS } from '@shared/forwards/forward-kinds';
import type { Forward } from '@shared/forwards/forwards';
import { FormDialog, useAppForm } from '@app/components/form';
import { Notice } from '@app/components/ui/Notice';
import { customersQueryOptions } from '@app/lib/lookups';
import {
  createForwardMutationOptions,
  updateForwardMutationOptions,
} from '@app/features/forwards/api/forward-mutations';
import {
  customerOptions,
  forwardValues,
  MESSAGE_TYPE_OPTIONS,
  newForwardValues,
  protocolOptions,
  STATUS_OPTIONS,
} from '@app/features/forwards/model/forward-form';

/** Why some protocols take only some message types, from the compatibility rule. */
const PROTOCOL_LIMITS = Object.values(FORWARD_PROTOCOL_IDS)
  .map(protocolLimit)
  .filter((text) => text !== null)
  .join('. ');

/** The write-only fields, labelled by their names as spec 02 §5's messages name them. */
const SECRET_FIELDS = ['Password', 'API_KEY', 'Auth'] as const;

/**
 * Add Forward / Update Forward (spec 02 §5): the route's rules over the form's values, Add
 * Forward with the spec's required credentials. Several protocols make one forward each; an
 * update keeps the secrets left blank, and a forward without a username saves as it is
 * (decision 049). Mount it per opening.
 */
export function ForwardDialog({ forward, onClose }: { forward?: Forward; onClose: () => void }) {
  const customers = useQuery(customersQueryOptions());
  const create = useMutation(createForwardMutationOptions());
  const update = useMutation(updateForwardMutationOptions());
  // Both schemas take these values; update differs in its credentials and one protocol.
  const rules: v.GenericSchema<ForwardCreateFormInput, unknown> = forward
    ? ForwardUpdateFormSchema
    : ForwardCreateFormSchema;
  const form = useAppForm({
    defaultValues: forward ? forwardValues(forward) : newForwardValues(),
    validators: { onChange: rules },
    onSubmit: async ({ value }) => {
      // Valid by now: parsing trims and leaves unchanged secrets out of the body.
      if (forward) {
        await update.mutateAsync({ id: forward.Id, body: v.parse(ForwardUpdateFormSchema, value) });
      } else {
        await create.mutateAsync(v.parse(ForwardCreateFormSchema, value));
      }
      onClose();
    },
  });
  const messageTypes = useSelector(form.store, (s) => s.values.MessageTypes) ?? [];
  const protocols = useSelector(form.store, (s) => s.values.Protocols) ?? [];
  const secretHint = forward ? KEEP_SECRET_HINT : undefined;

  return (
    <FormDialog
      form={form}
      title={forward ? 'Update Forward' : 'Add Forward'}
      size="lg"
      onClose={onClose}
    >
      <Notice>{CELLO_WARNING}</Notice>
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
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
            <field.Text label="Name" autoFocus autoComplete="off" tooltip="3 to 100 characters." />
          )}
        </form.AppField>
        <form.AppField name="IP">
          {(field) => (
            <field.Text
              label="IP"
              autoComplete="off"
              inputMode="url"
              hint="A public IP address or host name"
            />
          )}
        </form.AppField>
        <form.AppField name="Port">{(field) => <field.Number label="Port" />}</form.AppField>
        <form.AppField name="Username">
          {(field) => (
            <field.Text
              label="Username"
              autoComplete="off"
              hint={forward ? NO_USERNAME_HINT : undefined}
            />
          )}
        </form.AppField>
        {SECRET_FIELDS.map((name) => (
          <form.AppField key={name} name={name}>
            {(field) => (
              <field.Text
                label={name}
                type="password"
                autoComplete="new-password"
                hint={secretHint}
              />
            )}
          </form.AppField>
        ))}
        <form.AppField name="Status">
          {(field) => <field.Select label="Status" options={STATUS_OPTIONS} />}
        </form.AppField>
        <form.AppField name="MessageTypes">
          {(field) => (
            <field.MultiSelect
              label="Message types"
              options={MESSAGE_TYPE_OPTIONS}
              className="sm:col-span-2"
            />
          )}
        </form.AppField>
        <form.AppField name="Protocols">
          {(field) => (
            <field.MultiSelect
              label={forward ? 'Protocol' : 'Protocols'}
              tooltip={forward ? undefined : 'One forward is made per protocol.'}
              options={protocolOptions(messageTypes, protocols)}
              className="sm:col-span-2"
            />
          )}
        </form.AppField>
        <p className="-mt-3 text-sm text-slate-600 sm:col-span-2">{PROTOCOL_LIMITS}.</p>
      </div>
    </FormDialog>
  );
}
