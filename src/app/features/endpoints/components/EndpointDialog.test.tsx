import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CUSTOMER_REQUIRED,
  HTTP_URL_INVALID,
  TCP_URL_INVALID,
  URL_REQUIRED,
} from '@shared/forwards/endpoints';
import { NAME_TOO_SHORT } from '@shared/access/names';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { customers, OWN, renderAs, SHARED } from '@app/features/endpoints/test/fixtures';
import { EndpointDialog } from './EndpointDialog';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
beforeEach(() => {
  server.use(http.get(apiUrl('customers/'), () => HttpResponse.json(customers)));
});
afterEach(cleanup);

const textbox = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Sav/ });
const enter = (element: HTMLElement, value: string) => {
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
};
/** The field, once its description (tooltip, hint, error) holds the message. */
const messageOn = (name: string, message: string, role = 'textbox') =>
  screen.findByRole(role, { name, description: (text) => text.includes(message) });

describe('Create Endpoint', () => {
  it("shows spec 02 §5's rules on their fields and keeps Save off until they hold", async () => {
    renderAs('user', <EndpointDialog onClose={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Create Endpoint' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Vega Logistics' });
    expect(save().disabled).toBe(true);
    enter(textbox('Name'), 'ab');
    expect(await messageOn('Name', NAME_TOO_SHORT)).toBeTruthy();
    enter(textbox('URL'), '');
    expect(await messageOn('URL', URL_REQUIRED)).toBeTruthy();
    enter(textbox('URL'), 'ftp://depot.example.com');
    expect(await messageOn('URL', HTTP_URL_INVALID)).toBeTruthy();
    fireEvent.change(select('Protocol'), { target: { value: '3' } });
    expect(await messageOn('URL', TCP_URL_INVALID)).toBeTruthy();
    fireEvent.blur(select('Customer'));
    expect(await messageOn('Customer', CUSTOMER_REQUIRED, 'combobox')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('posts the trimmed body and toasts spec 02 §8 text', async () => {
    const onClose = vi.fn();
    let body: unknown;
    server.use(
      http.post(apiUrl('endpoints/'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...OWN, Name: 'Depot receiver' });
      }),
    );
    renderAs('user', <EndpointDialog onClose={onClose} />);
    await screen.findByRole('option', { name: 'Atlas Freight' });
    fireEvent.change(select('Customer'), { target: { value: '3' } });
    enter(textbox('Name'), ' Depot receiver ');
    fireEvent.change(select('Protocol'), { target: { value: '3' } });
    enter(textbox('URL'), 'tcp://depot.example.com:5002');
    await waitFor(() => {
      expect(save().disabled).toBe(false);
    });
    fireEvent.click(save());
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(body).toEqual({
      CustomerId: 3,
      Name: 'Depot receiver',
      URL: 'tcp://depot.example.com:5002',
      Protocol: 3,
    });
    expect(toast.success).toHaveBeenCalledWith('Endpoint Depot receiver saved succesfully');
  });
});

describe('Update Endpoint', () => {
  it('puts the changed endpoint, a server refusal landing on its field', async () => {
    let calls = 0;
    server.use(
      http.put(apiUrl('endpoints/:id'), async ({ request, params }) => {
        calls += 1;
        if (calls === 1)
          return HttpResponse.json({ errors: { Name: 'Name taken upstream' } }, { status: 400 });
        const sent = (await request.json()) as { Name: string };
        return HttpResponse.json({ ...OWN, Id: String(params.id), Name: sent.Name });
      }),
    );
    const onClose = vi.fn();
    renderAs('user', <EndpointDialog endpoint={OWN} onClose={onClose} />);
    expect(await screen.findByRole('dialog', { name: 'Update Endpoint' })).toBeTruthy();
    expect((textbox('URL') as HTMLInputElement).value).toBe(OWN.URL);
    enter(textbox('Name'), 'Atlas depot');
    fireEvent.click(save());
    expect(await messageOn('Name', 'Name taken upstream')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    enter(textbox('Name'), 'Atlas depot 2');
    fireEvent.click(save());
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Endpoint Atlas depot 2 updated succesfully');
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('lets an admin keep a shared endpoint shared', async () => {
    let body: unknown;
    server.use(
      http.put(apiUrl('endpoints/:id'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(SHARED);
      }),
    );
    renderAs('admin', <EndpointDialog endpoint={SHARED} onClose={vi.fn()} />);
    await screen.findByRole('option', { name: 'Shared (every customer)' });
    expect((select('Customer') as HTMLSelectElement).value).toBe('');
    enter(textbox('Name'), 'Fleet Portal ingest 2');
    await waitFor(() => {
      expect(save().disabled).toBe(false);
    });
    fireEvent.click(save());
    await waitFor(() => {
      expect(body).toMatchObject({ CustomerId: null, Name: 'Fleet Portal ingest 2' });
    });
  });
});
