import { useMutation } from '@tanstack/react-query';
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
import { InputField } from '../common/InputField';

/** Save needs a command of 3 characters or more and a request not yet executed (spec 01 §5). */
export const canSaveRequest = (command: string, executed: string | null): boolean =>
  command.trim().length >= MIN_COMMAND_LENGTH && executed === null;

export type RequestDialogState = { mode: 'add' } | { mode: 'edit'; request: ModemRequest } | null;

interface RequestDialogProps {
  imei: string;
  state: RequestDialogState;
  onClose: () => void;
}

export function RequestDialog({ imei, state, onClose }: RequestDialogProps) {
  return (
    <Modal
      open={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? 'Edit Request' : 'Add Request'}
    >
      {state && (
        <RequestForm
          key={state.mode === 'edit' ? state.request.Id : 'add'}
          imei={imei}
          request={state.mode === 'edit' ? state.request : null}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RequestForm({
  imei,
  request,
  onClose,
}: {
  imei: string;
  request: ModemRequest | null;
  onClose: () => void;
}) {
  const [command, setCommand] = useState(request?.Command ?? '');
  const busy = useBusy();
  const create = useMutation(createRequestMutationOptions());
  const update = useMutation(updateRequestMutationOptions());
  const executed = request?.Executed ?? null;

  const save = () => {
    const Command = command.trim();
    if (request) {
      update.mutate(
        { imei, Id: request.Id, Command, CommandType: request.CommandType },
        { onSuccess: onClose },
      );
    } else {
      create.mutate({ imei, Command, CommandType: MODEM_COMMAND_TYPE }, { onSuccess: onClose });
    }
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
          loading={create.isPending || update.isPending}
        >
          Save
        </Button>
      </div>
    </form>
  );
}
