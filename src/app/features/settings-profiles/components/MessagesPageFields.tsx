import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import { useState } from 'react';
import { CLEAR_MESSAGE_CONFIRM, flagValuesOf } from '@shared/devices/event-flags';
import { ENDPOINT_PROTOCOLS } from '@shared/forwards/endpoints-list';
import {
  clearedMessage,
  MESSAGE_SLOTS,
  type MessageSlot,
  type ProfileMessage,
} from '@shared/settings-profiles/settings-profile-fields';
import { FlagsDialog } from '@app/components/event-flags';
import { withForm } from '@app/components/form';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { endpointsQueryOptions } from '@app/lib/lookups/endpoints';
import { PROFILE_FORM_SHAPE } from '@app/features/settings-profiles/model/form-shape';
import { endpointOptions } from '@app/features/settings-profiles/model/page-options';
import { MessageTable } from './MessageTable';

const PROTOCOL_NAMES: Readonly<Record<number, string | undefined>> = ENDPOINT_PROTOCOLS;
const protocolName = (protocol: number): string => PROTOCOL_NAMES[protocol] ?? String(protocol);

/**
 * Page 2 (spec 03 §2): each message's endpoint, and the table of their triggers. Edit opens
 * the 'Message configuration' dialog (chapter bits per flag, changes against the current
 * value); Clear, once confirmed, zeroes the triggers and keeps URL, index, protocol and
 * endpoint. Nothing is sent before Save on page 3.
 */
export const MessagesPageFields = withForm({
  defaultValues: PROFILE_FORM_SHAPE,
  render: function MessagesPageFieldsRender({ form }) {
    const customerId = useSelector(form.store, (state) => state.values.CustomerId);
    const messages = useSelector(form.store, (state) => [
      state.values.message0,
      state.values.message1,
      state.values.message2,
    ]);
    const endpoints = useQuery(endpointsQueryOptions(customerId));
    const [editing, setEditing] = useState<MessageSlot | null>(null);
    const [clearing, setClearing] = useState<MessageSlot | null>(null);
    const put = (slot: MessageSlot, message: ProfileMessage) => {
      form.setFieldValue(`message${slot}`, message);
    };
    const edited = editing === null ? null : messages[editing];

    return (
      <div className="grid gap-6">
        <div className="grid gap-x-4 gap-y-5 md:grid-cols-3">
          {MESSAGE_SLOTS.map((slot) => (
            <form.AppField
              key={slot}
              name={`message${slot}.endpointID`}
              listeners={{
                // The message goes the way its endpoint listens (HTTP or TCP).
                onChange: ({ value }) => {
                  const endpoint = endpoints.data?.find((e) => e.Id === value);
                  if (endpoint) form.setFieldValue(`message${slot}.protocol`, endpoint.Protocol);
                },
              }}
            >
              {(field) => (
                <field.Select
                  label={`Message ${slot} endpoint`}
                  disabled={endpoints.isPending}
                  options={endpointOptions(
                    endpoints.data ?? [],
                    customerId,
                    messages[slot]?.endpointID ?? '',
                  )}
                  hint={`Protocol ${protocolName(messages[slot]?.protocol ?? 0)}`}
                />
              )}
            </form.AppField>
          ))}
        </div>
        <p className="-mt-2 text-sm text-slate-600">
          {customerId === null
            ? 'A shared profile offers the shared endpoints; choose its customer on the Name page for theirs.'
            : 'The shared endpoints and the customer’s.'}
        </p>
        <MessageTable
          messages={messages}
          onEdit={(index) => {
            setEditing(index as MessageSlot);
          }}
          onClear={(index) => {
            setClearing(index as MessageSlot);
          }}
        />
        {editing !== null && edited && (
          <FlagsDialog
            key={editing}
            title="Message configuration"
            submitLabel="Apply"
            description={
              <p>
                Message {editing} · {protocolName(edited.protocol)} ·{' '}
                <span className="wrap-anywhere">{edited.URL}</span>
              </p>
            }
            initial={flagValuesOf(edited)}
            onClose={() => {
              setEditing(null);
            }}
            onSave={(flags) => {
              put(editing, { ...edited, ...flags });
            }}
          />
        )}
        <ConfirmDialog
          open={clearing !== null}
          message={CLEAR_MESSAGE_CONFIRM}
          onCancel={() => {
            setClearing(null);
          }}
          onConfirm={() => {
            const message = clearing === null ? undefined : messages[clearing];
            if (clearing !== null && message) put(clearing, clearedMessage(message));
            setClearing(null);
          }}
        />
      </div>
    );
  },
});
