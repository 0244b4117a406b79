import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toast } from '@app/lib/toast';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { LoginForm } from './LoginForm';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const loginUrl = new URL('/api/auth/login', window.location.origin).toString();
const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  vi.clearAllMocks();
});
afterAll(() => {
  server.close();
});

function renderForm() {
  const onSignedIn = vi.fn();
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <LoginForm onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );
  const fill = (email: string, password: string) => {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  };
  const submit = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
  };
  return { onSignedIn, fill, submit };
}

describe('LoginForm (spec 01 §2.3, §5)', () => {
  it('offers an email-type and a password field, both required', () => {
    renderForm();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveProperty('type', 'email');
    expect(email).toHaveProperty('required', true);
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
  });

  it('shows the shared schema messages under the fields and sends nothing', async () => {
    const { submit } = renderForm();
    submit();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('validates the email type', async () => {
    const { fill, submit } = renderForm();
    fill('not-an-email', 'x');
    submit();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  });

  it("signs in: disabled while busy, stores the session, toasts 'Welcome {customer}'", async () => {
    let body: unknown;
    server.use(
      http.post(loginUrl, async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json(loginFixture());
      }),
    );
    const { fill, submit, onSignedIn } = renderForm();
    fill(' user@demo.test ', 'demo1234');
    submit();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Log In' })).toHaveProperty('disabled', true);
    });
    await waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledOnce();
    });
    expect(body).toEqual({ Email: 'user@demo.test', Password: 'demo1234' });
    expect(readSession()?.token).toBe('token-123');
    expect(toast.success).toHaveBeenCalledWith('Welcome Atlas Freight');
  });

  it('shows a refused sign-in inline and as the api toast', async () => {
    server.use(
      http.post(loginUrl, () =>
        HttpResponse.json({ message: 'Invalid email or password' }, { status: 400 }),
      ),
    );
    const { fill, submit, onSignedIn } = renderForm();
    fill('user@demo.test', 'wrong');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe(
      'API call failed. Invalid email or password',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(readSession()).toBeNull();
  });
});
