import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppForm } from './use-app-form';

afterEach(cleanup);

const FEATURES = [
  { value: 1, label: 'Tacho Download' },
  { value: 2, label: 'Remote Download' },
  { value: 3, label: 'Driver Card' },
];
const COUNTRIES = [
  { value: 'NL', label: 'Netherlands' },
  { value: 'DE', label: 'Germany' },
];

/** Rules in the shape of a customer form: every kind of field the kit binds. */
const CustomerSchema = v.object({
  Name: v.pipe(v.string(), v.minLength(3, 'Must be at least 3 characters')),
  Country: v.picklist(['NL', 'DE'], 'Invalid Country'),
  Start: v.pipe(v.string(), v.isoDate('Start date is required')),
  Features: v.pipe(v.array(v.number()), v.minLength(1, 'Choose at least one feature')),
  RTDInterval: v.pipe(
    v.number('Must be a number'),
    v.minValue(2, 'Must be at least 2 days'),
    v.maxValue(59, 'Must be 59 days or less'),
  ),
  IsReseller: v.boolean(),
  RTDIntegration: v.boolean(),
  Note: v.string(),
});
type Customer = v.InferInput<typeof CustomerSchema>;

const START: Customer = {
  Name: '',
  Country: 'NL',
  Start: '',
  Features: [],
  RTDInterval: 15,
  IsReseller: false,
  RTDIntegration: false,
  Note: '',
};

function CustomerForm({ onSave }: { onSave: (value: Customer) => void }) {
  const form = useAppForm({
    defaultValues: START,
    validators: { onChange: CustomerSchema },
    onSubmit: ({ value }) => {
      onSave(value);
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label="Customer">
        <form.AppField name="Name">{(f) => <f.Text label="Name" />}</form.AppField>
        <form.AppField name="Country">
          {(f) => <f.Select label="Country" options={COUNTRIES} />}
        </form.AppField>
        <form.AppField name="Start">{(f) => <f.Date label="Start" />}</form.AppField>
        <form.AppField name="Features">
          {(f) => <f.MultiSelect label="Features" options={FEATURES} />}
        </form.AppField>
        <form.AppField name="RTDInterval">
          {(f) => <f.Number label="RTDInterval" unit="days" />}
        </form.AppField>
        <form.AppField name="IsReseller">{(f) => <f.Checkbox label="Reseller" />}</form.AppField>
        <form.AppField name="RTDIntegration">
          {(f) => <f.Toggle label="RTDIntegration" tooltip="Downloads go to the integration." />}
        </form.AppField>
        <form.AppField name="Note">{(f) => <f.TextArea label="Note" />}</form.AppField>
        <form.SubmitButton />
      </form.Form>
    </form.AppForm>
  );
}

const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

function fillValid() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Atlas' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Start' }), {
    target: { value: '24-11-2026' },
  });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Driver Card' }));
}

describe('the bound fields', () => {
  it('send what was chosen: text, select, date, multi-select, number, checkbox, toggle', async () => {
    const onSave = vi.fn();
    render(<CustomerForm onSave={onSave} />);
    expect(save().disabled).toBe(true);
    fillValid();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tacho Download' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), {
      target: { value: 'DE' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'RTDInterval' }), {
      target: { value: '30' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reseller' }));
    fireEvent.click(screen.getByRole('switch', { name: 'RTDIntegration' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Hi' } });
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledOnce();
    });
    expect(onSave).toHaveBeenCalledWith({
      Name: 'Atlas',
      Country: 'DE',
      Start: '2026-11-24',
      // In the options' order, whatever the order of the taps.
      Features: [1, 3],
      RTDInterval: 30,
      IsReseller: true,
      RTDIntegration: true,
      Note: 'Hi',
    });
  });

  it('multi-select: checked boxes follow the value; none left shows the rule', () => {
    render(<CustomerForm onSave={vi.fn()} />);
    const box = screen.getByRole('checkbox', { name: 'Remote Download' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(box);
    expect(box.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(box);
    expect(box.getAttribute('aria-checked')).toBe('false');
    const group = screen.getByRole('group', { name: 'Features' });
    expect(within(group).getByText('Choose at least one feature')).toBeTruthy();
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('date: DD-MM-YYYY on screen, YYYY-MM-DD in the form, required by the rule', async () => {
    const onSave = vi.fn();
    render(<CustomerForm onSave={onSave} />);
    const start = screen.getByRole<HTMLInputElement>('textbox', { name: 'Start' });
    expect(start.type).toBe('text');
    expect(start.placeholder).toBe('DD-MM-YYYY');
    fireEvent.focus(start);
    fireEvent.blur(start);
    expect(screen.getByText('Start date is required')).toBeTruthy();
    fireEvent.change(start, { target: { value: '01-02-2026' } });
    expect(start.value).toBe('01-02-2026');
    expect(screen.queryByText('Start date is required')).toBeNull();
    fillValid();
    fireEvent.change(start, { target: { value: '1/2/2026' } });
    fireEvent.blur(start);
    expect(start.value).toBe('01-02-2026');
    fireEvent.click(save());
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledOnce();
    });
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ Start: '2026-02-01' });
  });

  it("number: keeps the typed text, and says 'Must be a number' for text that is none", () => {
    render(<CustomerForm onSave={vi.fn()} />);
    const days = screen.getByRole<HTMLInputElement>('textbox', { name: 'RTDInterval' });
    expect(days.value).toBe('15');
    expect(days.inputMode).toBe('numeric');
    fireEvent.change(days, { target: { value: '1x' } });
    expect(days.value).toBe('1x');
    expect(screen.getByText('Must be a number')).toBeTruthy();
    fireEvent.change(days, { target: { value: '60' } });
    expect(screen.getByText('Must be 59 days or less')).toBeTruthy();
    fireEvent.change(days, { target: { value: '' } });
    expect(screen.getByText('Must be a number')).toBeTruthy();
  });

  it('tooltip: the advice describes the control and shows on focus of its button', () => {
    render(<CustomerForm onSave={vi.fn()} />);
    expect(
      screen.getByRole('switch', {
        name: 'RTDIntegration',
        description: 'Downloads go to the integration.',
      }),
    ).toBeTruthy();
    const about = screen.getByRole('button', { name: 'More information' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(about);
    expect(screen.getByRole('tooltip').textContent).toBe('Downloads go to the integration.');
    fireEvent.keyDown(about, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows every rule broken once Save is pressed on an untouched form', () => {
    render(<CustomerForm onSave={vi.fn()} />);
    fireEvent.submit(screen.getByRole('form', { name: 'Customer' }));
    expect(screen.getByText('Must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Start date is required')).toBeTruthy();
    expect(screen.getByText('Choose at least one feature')).toBeTruthy();
  });

  it("select: a new form's placeholder ('--', 0) waits for a touch; a stored bad value speaks at once", () => {
    const Rules = v.object({ Type: v.pipe(v.number(), v.minValue(1, 'Type is Required')) });
    const TYPES = [
      { value: 0, label: '--', placeholder: true },
      { value: 1, label: 'Booter' },
    ];
    function TypeForm({ start }: { start: number }) {
      const form = useAppForm({ defaultValues: { Type: start }, validators: { onChange: Rules } });
      return (
        <form.AppForm>
          <form.Form aria-label="Type">
            <form.AppField name="Type">
              {(f) => <f.Select label="Type" options={TYPES} />}
            </form.AppField>
          </form.Form>
        </form.AppForm>
      );
    }
    render(<TypeForm start={0} />);
    const select = screen.getByRole('combobox', { name: 'Type' });
    expect(screen.queryByText('Type is Required')).toBeNull();
    fireEvent.blur(select);
    expect(screen.getByText('Type is Required')).toBeTruthy();
    cleanup();
    render(<TypeForm start={-1} />);
    expect(screen.getByText('Type is Required')).toBeTruthy();
  });
});
