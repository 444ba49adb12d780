import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleUser } from '@rewards/shared/test/sample-user';
import { fail, networkDown, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { renderModal } from '../../test/render-modal';
import { withUi } from '../../test/ui-state';
import AuthModals from './auth-modals';

function renderSignIn(answers: FakeAnswers = {}) {
  return renderModal(AuthModals, { answers, preloadedState: withUi({ authModal: 'signin' }), route: '/signin' });
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com', password = 'secret-1') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in modal (spec §2)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('has a Google button that takes the browser to /api/auth/google/redirect', () => {
    renderSignIn();
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/auth/google/redirect');
  });

  it('has a Steam button, an OR divider, "Forgot your password?" and the terms and privacy links', () => {
    renderSignIn();
    expect(screen.getByRole('button', { name: 'Sign in with Steam' })).toBeInTheDocument();
    expect(screen.getByText('OR')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('closes the modal when a legal link is followed', async () => {
    const user = userEvent.setup();
    const { onClose } = renderSignIn();
    await user.click(screen.getByRole('link', { name: 'Terms of Service' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/terms');
  });

  it('asks for a required email of type email and a required password', () => {
    renderSignIn();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderSignIn();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('sends the trimmed email and the password to /user/Login, showing "Signing In..." meanwhile', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { api } = renderSignIn({ 'POST /user/Login': () => new Promise((resolve) => (answer = resolve)) });
    await fillAndSubmit(user, '  ada@example.com ');
    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(await api.lastBody('POST /user/Login')).toEqual({ email: 'ada@example.com', password: 'secret-1' });
    await act(async () => answer(Response.json({ status: 'error' }, { status: 401 })));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it.each([
    ['401', 'Email or password is incorrect', fail(401)],
    ['422', 'Invalid login credentials', fail(422)],
    ['500', 'Server error, please try again', fail(500)],
    ['404', 'An unexpected error occurred, please try again', fail(404)],
    ['a network failure', 'Network connection problem', networkDown()],
    ['a server message', 'Too many attempts.', fail(429, { status: 'error', message: 'Too many attempts.' })],
    ['a field error', 'The email must be valid.', fail(422, { status: 'error', errors: { email: ['The email must be valid.'] } })],
  ])('shows, for %s, "%s"', async (_case, text, answer) => {
    const user = userEvent.setup();
    renderSignIn({ 'POST /user/Login': answer });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('after success waits 300 ms, refreshes the session, goes to /Earn and closes', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { api, onClose, store } = renderSignIn({
      'POST /user/Login': ok({ status: 'success', message: 'Login successful.' }),
      'POST /user/Profile': ok({ status: 'success', data: sampleUser() }),
    });
    await fillAndSubmit(user);
    await act(async () => jest.advanceTimersByTimeAsync(299));
    expect(api.requests('POST /user/Profile')).toHaveLength(0);
    await act(async () => jest.advanceTimersByTimeAsync(1));
    expect(api.requests('POST /user/Profile')).toHaveLength(1);
    await act(async () => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('location')).toHaveTextContent('/Earn');
    expect(onClose).toHaveBeenCalled();
    expect(store.getState().session.status).toBe('authenticated');
    jest.useRealTimers();
  });

  it('goes to / when the session cannot be refreshed after sign-in', async () => {
    const user = userEvent.setup();
    const { onClose } = renderSignIn({ 'POST /user/Login': ok(), 'POST /user/Profile': fail(500) });
    await fillAndSubmit(user);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves a blocked account to the site alert modal and closes itself', async () => {
    const user = userEvent.setup();
    const blocked = { status: 'error', message: 'Your account has been blocked.', error_type: 'account_blocked' };
    const { onClose, store } = renderSignIn({ 'POST /user/Login': fail(403, blocked) });
    await fillAndSubmit(user);
    await act(async () => undefined);
    expect(onClose).toHaveBeenCalled();
    expect(store.getState().ui.alert).toMatchObject({ isOpen: true, title: 'Your account has been blocked.' });
  });

  it('opens "Forgot Password" with the email typed so far', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const dialog = screen.getByRole('dialog', { name: 'Forgot Password' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
