import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMAND_MESSAGE, ModemRequestCreateSchema } from '@shared/devices/device-requests';
import { api } from '@app/lib/api-client';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { FormDialog } from './FormDialog';
import { applyServerErrors } from './server-errors';
import { formValues } from './schema-values';
import { useAppForm } from './use-app-form';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = startApiServer();
afterEach(cleanup);

type RequestBody = v.InferInput<typeof ModemRequestCreateSchema>;

/** A dialog over the modem request rules of src/shared (what the server checks too). */
function RequestDialog({ onSave }: { onSave: (body: RequestBody) => Promise<unknown> }) {
  const form = useAppForm({
    defaultValues: formValues(ModemRequestCreateSchema, { Command: '' }),
    validators: { onChange: ModemRequestCreateSchema },
    onSubmit: async ({ value }) => {
      await onSave(value);
    },
  });
  return (
    <FormDialog form={form} title="Add Request" onClose={vi.fn()}>
      <form.AppField name="Command">{(field) => <field.Text label="Command" />}</form.AppField>
    </FormDialog>
  );
}

const command = () => screen.getByRole('textbox', { name: 'Command' });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Sav/ });
const type = (text: string) => {
  fireEvent.change(command(), { target: { value: text } });
};

describe('FormDialog', () => {
  it('keeps Save off while the form is invalid, from the start', () => {
    render(<RequestDialog onSave={vi.fn()} />);
    expect(save().disabled).toBe(true);
    type('ab');
    expect(save().disabled).toBe(true);
    type('$REQUEST,RT FF');
    expect(save().disabled).toBe(false);
  });

  it("shows the schema's message under the field once it was touched, not before", () => {
    render(<RequestDialog onSave={vi.fn()} />);
    expect(screen.queryByText(COMMAND_MESSAGE)).toBeNull();
    expect(command().getAttribute('aria-invalid')).toBeNull();
    type('ab');
    expect(screen.getByRole('textbox', { name: 'Command', description: COMMAND_MESSAGE })).toBe(
      command(),
    );
    expect(command().getAttribute('aria-invalid')).toBe('true');
    type('abc');
    expect(screen.queryByText(COMMAND_MESSAGE)).toBeNull();
  });

  it('shows the message when a field is left empty', () => {
    render(<RequestDialog onSave={vi.fn()} />);
    fireEvent.focus(command());
    fireEvent.blur(command());
    expect(screen.getByText(COMMAND_MESSAGE)).toBeTruthy();
  });

  it('submits on Enter: the field and Save are in one form, Save its first submit button', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<RequestDialog onSave={onSave} />);
    type('$REQUEST,TD FF');
    const form = command().closest('form');
    expect(form?.querySelector('button[type="submit"]')).toBe(save());
    // Implicit submission (Enter) is a submit of the field's form through that button.
    if (form) fireEvent.submit(form);
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledWith({ Command: '$REQUEST,TD FF' });
    });
  });

  it('keeps Save and Cancel off with a busy label while the call is in flight', async () => {
    let finish: () => void = () => undefined;
    const onSave = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<RequestDialog onSave={onSave} />);
    type('$REQUEST,TD FF');
    fireEvent.click(save());
    await screen.findByRole('button', { name: 'Saving…' });
    expect(save().disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    fireEvent.click(save());
    finish();
    await screen.findByRole('button', { name: 'Save' });
    expect(onSave).toHaveBeenCalledOnce();
  });

  it("puts a 400's { errors } on the fields, until the field changes", async () => {
    server.use(
      http.post(apiUrl('requests/'), () =>
        HttpResponse.json({ errors: { Command: 'Command is already queued' } }, { status: 400 }),
      ),
    );
    render(<RequestDialog onSave={(body) => api.post('requests/', body)} />);
    type('$REQUEST,TD FF');
    fireEvent.click(save());
    const field = await screen.findByRole('textbox', {
      name: 'Command',
      description: 'Command is already queued',
    });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The api client toasts it as well (spec 01 §8); the dialog stays with the typed value.
    expect(toast.error).toHaveBeenCalledWith('API call failed. Command is already queued', {
      id: 'API call failed. Command is already queued',
    });
    expect(save().disabled).toBe(true);
    type('$REQUEST,TD FE');
    expect(screen.queryByText('Command is already queued')).toBeNull();
    expect(save().disabled).toBe(false);
  });
});

describe('applyServerErrors', () => {
  it("maps the body's names onto the form's where they differ", async () => {
    server.use(
      http.post(apiUrl('tests/'), () =>
        HttpResponse.json({ errors: { CustomerId: 'Customer is Required' } }, { status: 400 }),
      ),
    );
    function CustomerDialog() {
      const form = useAppForm({
        defaultValues: { customer: 'Atlas' },
        onSubmit: async ({ value, formApi }) => {
          await api.post('tests/', { CustomerId: value.customer }).catch((error: unknown) => {
            applyServerErrors(formApi, error, { CustomerId: 'customer' });
          });
        },
      });
      return (
        <FormDialog form={form} title="Customer" onClose={vi.fn()}>
          <form.AppField name="customer">
            {(field) => <field.Text label="Customer" />}
          </form.AppField>
        </FormDialog>
      );
    }
    render(<CustomerDialog />);
    fireEvent.click(save());
    expect(
      await screen.findByRole('textbox', { name: 'Customer', description: 'Customer is Required' }),
    ).toBeTruthy();
  });
});

describe('a pre-filled value that breaks the rules', () => {
  it('says so at once, before any touch', () => {
    function EditDialog() {
      const form = useAppForm({
        defaultValues: { Name: 'ab' },
        validators: {
          onChange: v.object({ Name: v.pipe(v.string(), v.minLength(3, 'Name is too short')) }),
        },
      });
      return (
        <FormDialog form={form} title="Edit" onClose={vi.fn()}>
          <form.AppField name="Name">{(field) => <field.Text label="Name" />}</form.AppField>
        </FormDialog>
      );
    }
    render(<EditDialog />);
    expect(screen.getByText('Name is too short')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });
});
