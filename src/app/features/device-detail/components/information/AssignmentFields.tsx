import { Card } from '@app/components/ui/Card';
import type { Option } from '@app/features/device-detail/model/options';
import type { InformationValues } from '@app/features/device-detail/model/save-plan';
import { SelectField } from '@app/components/form';

interface AssignmentFieldsProps {
  values: InformationValues;
  onChange: (name: 'customerId' | 'groupId', value: string) => void;
  customers: readonly Option[];
  groups: readonly Option[];
  /** Resellers only (spec 01 §5). */
  canAssign: boolean;
}

/** Customer and configuration group. A device without a customer has no group either. */
export function AssignmentFields({
  values,
  onChange,
  customers,
  groups,
  canAssign,
}: AssignmentFieldsProps) {
  return (
    <Card title="Customer">
      <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <SelectField
          label="Customer"
          value={values.customerId}
          options={customers}
          disabled={!canAssign}
          onChange={(value) => {
            onChange('customerId', value);
            // The old customer's group does not fit the new one (spec 02 §4): choose again.
            onChange('groupId', '');
          }}
        />
        <SelectField
          label="Configuration group"
          value={values.groupId}
          options={groups}
          disabled={!canAssign || values.customerId === ''}
          onChange={(value) => {
            onChange('groupId', value);
          }}
        />
      </div>
    </Card>
  );
}
