import type { FormValidateOrFn } from '@tanstack/react-form';
import type * as v from 'valibot';
import { MIN_COMMAND_LENGTH, MODEM_COMMAND_TYPE } from '@shared/devices/constants';
import {
  ModemRequestCreateSchema,
  ModemRequestUpdateSchema,
} from '@shared/devices/device-requests';
import type { ModemRequest } from '@shared/devices/devices';
import { FormDialog, useAppForm } from '@app/components/form';
import { useBusy } from '@app/lib/busy';
import {
  createRequestMutationOptions,
  updateRequestMutationOptions,
} from '@app/features/device-detail/api/modem-requests';
import type { DeviceRef } from '@app/features/device-detail/api/keys';
import { useDeviceWrite } from '@app/features/outbox';

export type RequestDialogState = { mode: 'add' } | { mode: 'edit'; request: ModemRequest } | null;

interface RequestDialogProps {
  device: DeviceRef;
  state: RequestDialogState;
  onClose: () => void;
}

export function RequestDialog({ device, state, onClose }: RequestDialogProps) {
  // Keyed, so each opening starts from its own request.
  return state === null ? null : (
    <RequestForm
      key={state.mode === 'edit' ? state.request.Id : 'add'}
      device={device}
      request={state.mode === 'edit' ? state.request : null}
      onClose={onClose}
    />
  );
}

/** The edit route's body; adding sends the same without an Id. */
type RequestValues = v.InferInput<typeof ModemRequestUpdateSchema>;

/**
 * The command is checked by the routes' own schemas (at least 3 characters, spec 01 §5); an
 * executed request can no longer change (spec 01 §2.6), so its Save stays off.
 */
function RequestForm({
  device,
  request,
  onClose,
}: {
  device: DeviceRef;
  request: ModemRequest | null;
  onClose: () => void;
}) {
  const busy = useBusy();
  const create = useDeviceWrite(createRequestMutationOptions);
  const update = useDeviceWrite(updateRequestMutationOptions);
  const executed = request !== null && request.Executed !== null;
  const start: RequestValues = request
    ? { Id: request.Id, Command: request.Command, CommandType: MODEM_COMMAND_TYPE }
    : { Command: '' };

  // Each route's schema judges its own body; both take the values of an edit.
  const rules: FormValidateOrFn<RequestValues> = request
    ? ModemRequestUpdateSchema
    : ModemRequestCreateSchema;
  const form = useAppForm({
    defaultValues: start,
    validators: { onChange: rules },
    // Sent or queued, the dialog is done; a refusal (toasted) keeps it open.
    onSubmit: async ({ value }) => {
      const Command = (value.Command ?? '').trim();
      await (request
        ? update.submit({ ...device, Id: request.Id, Command, CommandType: request.CommandType })
        : create.submit({ ...device, Command, CommandType: MODEM_COMMAND_TYPE }));
      onClose();
    },
  });

  return (
    <FormDialog
      form={form}
      title={request ? 'Edit Request' : 'Add Request'}
      onClose={onClose}
      saveDisabled={busy || executed}
    >
      <form.AppField name="Command">
        {(field) => (
          <field.Text
            label="Command"
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={200}
            disabled={executed}
            hint={
              executed
                ? 'This request has been executed and can no longer be changed.'
                : `At least ${MIN_COMMAND_LENGTH} characters. CommandType ${MODEM_COMMAND_TYPE}.`
            }
          />
        )}
      </form.AppField>
    </FormDialog>
  );
}
