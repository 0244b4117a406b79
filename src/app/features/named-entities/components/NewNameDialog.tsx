import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  NAME_MAX_LENGTH,
  NAME_TOOLTIP,
  uniqueNameSchema,
  type NamedEntity,
} from '@shared/access/names';
import { FormDialog, formValues, useAppForm } from '@app/components/form';
import {
  createNamedMutationOptions,
  type NamedResource,
} from '@app/features/named-entities/api/named-entities';
import {
  droppedCharacters,
  keepNameCharacters,
} from '@app/features/named-entities/model/name-input';

const RULE_HINT = 'Letters, digits, underscore and spaces; at least 3 characters.';

interface NewNameDialogProps<K extends QueryKey> {
  resource: NamedResource<K>;
  /** The names already loaded: a taken one is refused before the call (the server checks too). */
  existing: readonly NamedEntity[];
  onClose: () => void;
}

/**
 * 'New Role' / 'New Feature' (spec 02 §5 "Feature or role name"): the characters the rule drops
 * never reach the field, and the rule's messages show under it. Mount it per opening.
 */
export function NewNameDialog<K extends QueryKey>({
  resource,
  existing,
  onClose,
}: NewNameDialogProps<K>) {
  const create = useMutation(createNamedMutationOptions(resource));
  const schema = useMemo(() => uniqueNameSchema(resource.kind, existing), [resource, existing]);
  const [dropped, setDropped] = useState<string[]>([]);
  const form = useAppForm({
    defaultValues: formValues(schema, { name: '' }),
    validators: { onChange: schema },
    onSubmit: async ({ value }) => {
      await create.mutateAsync({ name: value.name });
      onClose();
    },
  });
  const hint =
    dropped.length > 0
      ? `Left out: ${dropped.join(' ')}. Only letters, digits, underscore and spaces are kept.`
      : RULE_HINT;

  return (
    <FormDialog
      form={form}
      title={`New ${resource.texts.noun}`}
      onClose={onClose}
      submitLabel="Create"
      busyLabel="Creating…"
    >
      <form.AppField
        name="name"
        listeners={{
          onChange: ({ value = '' }) => {
            const kept = keepNameCharacters(value);
            if (kept === value) return;
            setDropped((before) => [...new Set([...before, ...droppedCharacters(value)])]);
            form.setFieldValue('name', kept);
          },
        }}
      >
        {(field) => (
          <field.Text
            label="Name"
            autoFocus
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
            tooltip={NAME_TOOLTIP}
            hint={hint}
          />
        )}
      </form.AppField>
    </FormDialog>
  );
}
