import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAN_CONFIG_FILE, FILE_TOO_LARGE, libraryFileField } from '@shared/libraries/library-files';
import { api } from '@app/lib/api-client';
import { chosenFile } from '@app/lib/multipart';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { fileLabel, fileRuleHint, formatFileSize } from './file-size';
import { formValues } from './schema-values';
import { useAppForm } from './use-app-form';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = startApiServer();
afterEach(cleanup);

/** A form with one file field under the QTLibrary's rule, required on create. */
function UploadForm({
  required = true,
  current,
  onSave,
}: {
  required?: boolean;
  current?: string;
  onSave: (file: File | null) => Promise<void> | void;
}) {
  const Schema = v.object({ Config: libraryFileField(CAN_CONFIG_FILE, required) });
  const form = useAppForm({
    defaultValues: formValues(Schema, { Config: null }),
    validators: { onChange: Schema },
    onSubmit: async ({ value }) => {
      await onSave(chosenFile(value.Config));
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label="Upload">
        <form.AppField name="Config">
          {(f) => <f.File label="Config File" rule={CAN_CONFIG_FILE} current={current} />}
        </form.AppField>
        <form.SubmitButton />
      </form.Form>
    </form.AppForm>
  );
}

const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
const picker = () => screen.getByLabelText<HTMLInputElement>('Config File');
const choose = (file: File) => {
  fireEvent.change(picker(), { target: { files: [file] } });
};
const bytes = (size: number, name: string) => new File([new Uint8Array(size)], name);

describe('the file field', () => {
  it("offers the rule's formats, says its limits, and starts with no file", () => {
    render(<UploadForm onSave={vi.fn()} />);
    expect(picker().type).toBe('file');
    expect(picker().accept).toBe('.tlqs,.s2s');
    expect(screen.getByText('At most 36 KB, .tlqs or .s2s')).toBeTruthy();
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it("shows the chosen file's name and size and sends the File itself", async () => {
    const onSave = vi.fn();
    render(<UploadForm onSave={onSave} />);
    const file = bytes(2048, 'volvo.tlqs');
    choose(file);
    expect(screen.getByText('volvo.tlqs · 2 KB')).toBeTruthy();
    expect(picker().getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => {
      expect(save().disabled).toBe(false);
    });
    fireEvent.click(save());
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledWith(file);
    });
  });

  it('refuses a wrong format and a file over the limit, with the message linked to the control', () => {
    render(<UploadForm onSave={vi.fn()} />);
    choose(bytes(10, 'notes.txt'));
    expect(
      screen.getByLabelText('Config File', { selector: 'input' }).getAttribute('aria-invalid'),
    ).toBe('true');
    const described = () =>
      (picker().getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' | ');
    expect(described()).toContain(CAN_CONFIG_FILE.formatMessage);
    choose(bytes(40_000, 'big.tlqs'));
    expect(described()).toContain(FILE_TOO_LARGE);
    expect(screen.getByText('big.tlqs · 39 KB')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('clears the choice with Remove, which brings back the required message', async () => {
    render(<UploadForm onSave={vi.fn()} />);
    choose(bytes(100, 'a.s2s'));
    await waitFor(() => {
      expect(save().disabled).toBe(false);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.s2s' }));
    expect(screen.getByText(CAN_CONFIG_FILE.requiredMessage)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(picker().value).toBe('');
    expect(document.activeElement).toBe(picker());
    expect(save().disabled).toBe(true);
  });

  it('keeps the stored file on an update: optional, and says which file stays', async () => {
    const onSave = vi.fn();
    render(<UploadForm required={false} current="ABC_4.tlqs · 1.2 KB" onSave={onSave} />);
    expect(screen.getByText('Current file: ABC_4.tlqs · 1.2 KB')).toBeTruthy();
    fireEvent.submit(screen.getByRole('form', { name: 'Upload' }));
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledWith(null);
    });
  });

  it("shows the server's word on the field until another file is chosen", async () => {
    saveSession(loginFixture());
    server.use(
      http.post(apiUrl('uploads'), () =>
        HttpResponse.json({ errors: { Config: 'The file is empty' } }, { status: 400 }),
      ),
    );
    render(
      <UploadForm
        onSave={async (file) => {
          const body = new FormData();
          if (file) body.append('Config', file);
          await api.post('uploads', body);
        }}
      />,
    );
    choose(bytes(5, 'a.tlqs'));
    await waitFor(() => {
      expect(save().disabled).toBe(false);
    });
    fireEvent.click(save());
    expect(await screen.findByText('The file is empty')).toBeTruthy();
    choose(bytes(6, 'b.tlqs'));
    expect(screen.queryByText('The file is empty')).toBeNull();
  });
});

describe('file sizes and hints', () => {
  it('counts in KB of 1024 bytes, as the limits are set', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(900)).toBe('900 bytes');
    expect(formatFileSize(1229)).toBe('1.2 KB');
    expect(formatFileSize(36_864)).toBe('36 KB');
    expect(formatFileSize(393_216)).toBe('384 KB');
    expect(formatFileSize(2_500_000)).toBe('2.4 MB');
    expect(fileRuleHint({ extensions: ['.bin', '.tlqs', '.fota'], maxBytes: 393_216 })).toBe(
      'At most 384 KB, .bin, .tlqs or .fota',
    );
    expect(fileLabel('a.bin', null)).toBe('a.bin');
  });
});
