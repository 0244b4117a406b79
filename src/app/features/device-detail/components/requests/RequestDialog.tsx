import { useState } from 'react';
import { MIN_COMMAND_LENGTH, MODEM_COMMAND_TYPE } from '../../../../../shared/constants';
import type { ModemRequest } from '../../../../../shared/devices';
import { Button } from '../../../../components/ui/Button';
import { Modal } from '../../../../components/ui/Modal';
import { useBusy } from '../../../../lib/busy';
import {
  createRequestMutationOptions,
  updateRequestMutationOptions,
} from '../../api/modem-requests';
import type { DeviceRef } from '../../api/keys';
import { useDeviceWrite } from '../../../outbox/use-device-write';
import { InputField } from '../common/InputField';

/** Save needs a command of 3 characters or more and a request not yet executed (spec 01 §5). */
export const canSaveRequest = (command: string, executed: string | null): boolean =>
  command.trim().length >= MIN_COMMAND_LENGTH && executed === null;

export type RequestDialogState = { mode: 'add' } | { mode: 'edit'; request: ModemRequest } | null;

interface RequestDialogProps {
  device: DeviceRef;
  state: RequestDialogState;
  onClose: () => void;
}

export function RequestDialog({ device, state, onClose }: RequestDialogProps) {
  return (
    <Modal
      open={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? 'Edit Request' : 'Add Request'}
    >
      {state && (
        <RequestForm
          key={state.mode === 'edit' ? state.request.Id : 'add'}
          device={device}
          request={state.mode === 'edit' ? state.request : null}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RequestForm({
  device,
  request,
  onClose,
}: {
  device: DeviceRef;
  request: ModemRequest | null;
  onClose: () => void;
}) {
  const [command, setCommand] = useState(request?.Command ?? '');
  const busy = useBusy();
  const create = useDeviceWrite(createRequestMutationOptions);
  const update = useDeviceWrite(updateRequestMutationOptions);
  const executed = request?.Executed ?? null;

  const save = () => {
    const Command = command.trim();
    // Sent or queued, the dialog is done; a refusal (toasted) keeps it open.
    const written = request
      ? update.submit({ ...device, Id: request.Id, Command, CommandType: request.CommandType })
      : create.submit({ ...device, Command, CommandType: MODEM_COMMAND_TYPE });
    written.then(onClose, () => undefined);
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSaveRequest(command, executed) && !busy) save();
      }}
    >
      <InputField
        label="Command"
        value={command}
        autoFocus
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={200}
        disabled={executed !== null}
        hint={
          executed !== null
            ? 'This request has been executed and can no longer be changed.'
            : `At least ${MIN_COMMAND_LENGTH} characters. CommandType ${MODEM_COMMAND_TYPE}.`
        }
        onChange={(event) => {
          setCommand(event.target.value);
        }}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={busy || !canSaveRequest(command, executed)}
          loading={create.sending || update.sending}
        >
          Save
        </Button>
      </div>
    </form>
  );
}
