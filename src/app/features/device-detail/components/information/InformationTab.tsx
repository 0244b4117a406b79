import { useForm, useSelector } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { announceQueued, DeviceOutboxNotice, useDeviceOutbox } from '@app/features/outbox';
import type { DeviceDetail } from '@shared/devices/devices';
import { Card } from '@app/components/ui/Card';
import { useBusy } from '@app/lib/busy';
import { runDeviceSave } from '@app/features/device-detail/api/device-save';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import {
  queuedNoteAndName,
  queuedSettingValues,
} from '@app/features/device-detail/model/queued-values';
import { INFORMATION_KINDS } from '@app/features/device-detail/offline-writes';
import {
  informationValues,
  planDeviceSave,
  withQueuedChanges,
  type InformationValues,
} from '@app/features/device-detail/model/save-plan';
import { FormActions, InputField, SubmitButton, TextAreaField } from '@app/components/form';
import { AssignmentFields } from './AssignmentFields';
import { DeviceCredentialCard } from './DeviceCredentialCard';
import { DeviceFacts } from './DeviceFacts';
import { QuickRequests } from './QuickRequests';
import { TachoFactsCard } from './TachoFactsCard';
import { useInformationOptions } from './use-information-options';
import { VersionFields } from './VersionFields';

export function InformationTab({ device }: { device: DeviceDetail }) {
  // Changes still in the outbox show as the form's values (after a reload too).
  const waiting = useDeviceOutbox(device.IMEI);
  const initial = withQueuedChanges(
    informationValues(device),
    queuedNoteAndName(waiting),
    queuedSettingValues(waiting),
  );
  // Restart from the device once a save (or anyone else) changed it.
  return <InformationForm key={JSON.stringify(initial)} device={device} initial={initial} />;
}

function InformationForm({
  device,
  initial,
}: {
  device: DeviceDetail;
  initial: InformationValues;
}) {
  const client = useQueryClient();
  const busy = useBusy();
  const { credential, canWrite, canAssign, tacho, tachoRequest } = useDevicePermissions();
  const [saving, setSaving] = useState(false);

  const form = useForm({
    defaultValues: initial,
    onSubmit: async ({ value }) => {
      setSaving(true);
      // Each failed step has been toasted by the api client; the rest of the plan is skipped.
      const outcome = await runDeviceSave(
        client,
        device,
        planDeviceSave(device, value, initial),
      ).catch(() => undefined);
      if (outcome === 'queued') announceQueued();
      setSaving(false);
    },
  });
  const values = useSelector(form.store, (state) => state.values);
  const set = (name: keyof InformationValues, value: string) => {
    form.setFieldValue(name, value);
  };
  const options = useInformationOptions(device, values.customerId, canAssign);
  const steps = planDeviceSave(device, values, initial);

  return (
    <form
      aria-label="Information"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <DeviceOutboxNotice imei={device.IMEI} kinds={INFORMATION_KINDS} />
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <div className="xl:col-span-2">
          <DeviceFacts device={device} />
        </div>
        {tacho && (
          <div className="xl:col-span-2">
            <TachoFactsCard device={device} canRequest={tachoRequest} />
          </div>
        )}
        {canWrite && (
          <div className="xl:col-span-2">
            <QuickRequests device={{ deviceId: device.Id, imei: device.IMEI }} />
          </div>
        )}
        <AssignmentFields
          values={values}
          onChange={set}
          customers={options.customers}
          groups={options.groups}
          canAssign={canAssign}
        />
        <Card title="Name and note">
          <div className="grid gap-4">
            <InputField
              label="Name"
              value={values.name}
              maxLength={100}
              disabled={!canWrite}
              onChange={(event) => {
                set('name', event.target.value);
              }}
            />
            <TextAreaField
              label="Note"
              value={values.note}
              maxLength={1000}
              disabled={!canWrite}
              onChange={(event) => {
                set('note', event.target.value);
              }}
            />
          </div>
        </Card>
        <div className="xl:col-span-2">
          <VersionFields
            device={device}
            values={values}
            onChange={set}
            protocols={options.protocols}
            firmwares={options.firmwares}
            firmwareLocked={options.firmwareLocked}
            canWrite={canWrite}
          />
        </div>
        {credential && (
          <div className="xl:col-span-2">
            <DeviceCredentialCard deviceId={device.Id} />
          </div>
        )}
      </div>
      <FormActions backTo="/devices" note={steps.length > 0 ? 'Unsaved changes' : undefined}>
        {canWrite && <SubmitButton disabled={busy || steps.length === 0} busy={saving} />}
      </FormActions>
    </form>
  );
}
