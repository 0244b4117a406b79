import { useMutation, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { customTestDataFormSchema } from '@shared/libraries/custom-test-data';
import { CUSTOM_TEST_DATA_FILE } from '@shared/libraries/library-files';
import { FormDialog, useAppForm } from '@app/components/form';
import { customersQueryOptions } from '@app/lib/lookups';
import { chosenFile } from '@app/lib/multipart';
import { uploadCustomTestDataMutationOptions } from '@app/features/custom-test-data/api/custom-test-data';
import { customerOptions, newUploadValues } from '@app/features/custom-test-data/model/upload-form';

/**
 * 'Upload test data' (admins; ours, like the library screens' dialogs): the customer and the
 * file (any format, at most 10 MB). Upload is off while the form is invalid; the dialog closes
 * once stored. Mount it per opening.
 */
export function UploadTestDataDialog({ onClose }: { onClose: () => void }) {
  const customers = useQuery(customersQueryOptions());
  const upload = useMutation(uploadCustomTestDataMutationOptions());
  const form = useAppForm({
    defaultValues: newUploadValues(),
    validators: { onChange: customTestDataFormSchema },
    onSubmit: async ({ value }) => {
      const { File: chosen, ...fields } = v.parse(customTestDataFormSchema, value);
      const file = chosenFile(chosen);
      if (!file) return;
      await upload.mutateAsync({ fields, file });
      onClose();
    },
  });

  return (
    <FormDialog
      form={form}
      title="Upload test data"
      cancelLabel="Close"
      submitLabel="Upload"
      onClose={onClose}
    >
      <div className="grid gap-y-5">
        <form.AppField name="CustomerId">
          {(field) => (
            <field.Select
              label="Customer"
              autoFocus
              disabled={customers.isPending}
              options={customerOptions(customers.data ?? [])}
            />
          )}
        </form.AppField>
        <form.AppField name="File">
          {(field) => <field.File label="File" rule={CUSTOM_TEST_DATA_FILE} />}
        </form.AppField>
      </div>
    </FormDialog>
  );
}
