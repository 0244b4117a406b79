import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateField } from './DateField';
import { useAppForm } from './use-app-form';

/** happy-dom has no date picker: a stand-in for the browser's, so the button shows. */
const showPicker = vi.fn();
beforeEach(() => {
  Object.defineProperty(HTMLInputElement.prototype, 'showPicker', {
    configurable: true,
    value: showPicker,
  });
});
afterEach(() => {
  cleanup();
  showPicker.mockReset();
  Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
});

const WindowSchema = v.object({
  Day: v.pipe(v.string(), v.isoDate('Day is Required')),
  // Optional: empty is fine, so only the field itself can hold back text that is no date.
  Until: v.union([v.literal(''), v.pipe(v.string(), v.isoDate('Until must be a date'))]),
  From: v.pipe(v.string(), v.nonEmpty('From is Required')),
});
type Window = v.InferInput<typeof WindowSchema>;

function WindowForm({ onSave, start }: { onSave: (value: Window) => void; start: Window }) {
  const form = useAppForm({
    defaultValues: start,
    validators: { onChange: WindowSchema },
    onSubmit: ({ value }) => {
      onSave(value);
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label="Window">
        <form.AppField name="Day">{(f) => <f.Date label="Day" />}</form.AppField>
        <form.AppField name="Until">{(f) => <f.Date label="Until" />}</form.AppField>
        <form.AppField name="From">{(f) => <f.DateTime label="From" />}</form.AppField>
        <form.SubmitButton />
        <button
          type="button"
          onClick={() => {
            form.reset({ Day: '2027-01-15', Until: '', From: '2027-01-15T08:00' });
          }}
        >
          Reset
        </button>
      </form.Form>
    </form.AppForm>
  );
}

const START: Window = { Day: '2026-11-24', Until: '', From: '2026-11-28T17:41' };
const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('the date fields of a form', () => {
  it('show the form’s values as DD-MM-YYYY and DD-MM-YYYY HH:mm, and send them back unchanged', async () => {
    const onSave = vi.fn();
    render(<WindowForm onSave={onSave} start={START} />);
    expect(box('Day').value).toBe('24-11-2026');
    expect(box('From').value).toBe('28-11-2026 17:41');
    expect(box('From').placeholder).toBe('DD-MM-YYYY HH:mm');
    fireEvent.change(box('From'), { target: { value: '01-12-2026 09:05' } });
    fireEvent.click(save());
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledWith({
        Day: '2026-11-24',
        Until: '',
        From: '2026-12-01T09:05',
      });
    });
  });

  it('hold back Save for text that is no date, and say what they want once left', () => {
    render(<WindowForm onSave={vi.fn()} start={START} />);
    // An American's month first: there is no 13th month.
    fireEvent.change(box('Day'), { target: { value: '11/24/2026' } });
    expect(save().disabled).toBe(true);
    // Not while typing.
    expect(described(box('Day'))).toBe('');
    fireEvent.blur(box('Day'));
    expect(described(box('Day'))).toBe('There is no 11-24-2026');
    expect(box('Day').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(box('Day'), { target: { value: '2026-11-24' } });
    expect(described(box('Day'))).toBe('Enter the date as DD-MM-YYYY');
    fireEvent.change(box('Day'), { target: { value: '24-11-2026' } });
    expect(described(box('Day'))).toBe('');
    expect(save().disabled).toBe(false);
  });

  it('hold back Save for such text even where the field may be empty', () => {
    render(<WindowForm onSave={vi.fn()} start={START} />);
    fireEvent.change(box('Until'), { target: { value: 'next week' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(box('Until'), { target: { value: '' } });
    expect(save().disabled).toBe(false);
    fireEvent.change(box('From'), { target: { value: '28-11-2026' } });
    fireEvent.blur(box('From'));
    expect(described(box('From'))).toBe('Enter the date and time as DD-MM-YYYY HH:mm');
    expect(save().disabled).toBe(true);
  });

  it('open the browser’s picker from the calendar button or Alt+↓, and show what it picks', async () => {
    const onSave = vi.fn();
    render(<WindowForm onSave={onSave} start={START} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a date and time' }));
    expect(showPicker).toHaveBeenCalledOnce();
    fireEvent.keyDown(box('Day'), { key: 'ArrowDown', altKey: true });
    expect(showPicker).toHaveBeenCalledTimes(2);
    // The picker is the native input of the form's value beside the text.
    const picker = box('Day').parentElement?.querySelector<HTMLInputElement>('input[type=date]');
    expect(picker?.value).toBe('2026-11-24');
    expect(picker?.getAttribute('aria-hidden')).toBe('true');
    expect(picker?.tabIndex).toBe(-1);
    fireEvent.change(picker as HTMLInputElement, { target: { value: '2026-03-05' } });
    expect(box('Day').value).toBe('05-03-2026');
    fireEvent.click(save());
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ Day: '2026-03-05' }));
    });
  });

  it('follow a value the form sets itself', () => {
    render(<WindowForm onSave={vi.fn()} start={START} />);
    fireEvent.change(box('Day'), { target: { value: '3-4-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box('Day').value).toBe('15-01-2027');
    expect(box('From').value).toBe('15-01-2027 08:00');
  });

  it('offer no picker where the browser has none, and still take typed dates', () => {
    Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
    render(<WindowForm onSave={vi.fn()} start={START} />);
    expect(screen.queryByRole('button', { name: /^Choose/ })).toBeNull();
    expect(box('Day').value).toBe('24-11-2026');
  });
});

function RangeFilter({ onChange }: { onChange: (value: string) => void }) {
  const [day, setDay] = useState('2026-11-24');
  return (
    <DateField
      label="Start date"
      value={day}
      max="2026-12-31"
      error={day > '2026-12-01' ? 'Too late' : undefined}
      onChange={(next) => {
        setDay(next);
        onChange(next);
      }}
    />
  );
}

describe('DateField outside a form', () => {
  it('passes on only values the text reads as, and says what it wants for other text', () => {
    const onChange = vi.fn();
    render(<RangeFilter onChange={onChange} />);
    const input = box('Start date');
    expect(input.value).toBe('24-11-2026');
    fireEvent.change(input, { target: { value: '24-11' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(described(input)).toBe('Enter the date as DD-MM-YYYY');
    fireEvent.change(input, { target: { value: '05-12-2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-05');
    // The caller's own rule speaks once the text reads.
    expect(described(input)).toBe('Too late');
    const picker = input.parentElement?.querySelector<HTMLInputElement>('input[type=date]');
    expect(picker?.max).toBe('2026-12-31');
  });
});
