import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleUser } from '@rewards/shared/test/sample-user';
import { fail, networkDown, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { provideErrorMessages } from '@rewards/shared/translate/api-errors';
import { switchLocale } from '@rewards/shared/translate/messages';
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

describe('sign-in modal in German (issue 34)', () => {
  const wrongPassword = { status: 'error', code: 'invalid_credentials', message: 'These credentials do not match our records.' };

  beforeAll(() => {
    // The shell's catalog of API error codes, as it provides it (here only the code this test needs).
    provideErrorMessages(async (locale) => ({
      invalid_credentials: locale === 'de' ? 'Diese Anmeldedaten stimmen nicht mit unseren Unterlagen überein.' : 'These credentials do not match our records.',
    }));
  });
  beforeEach(() => act(() => switchLocale('de')));
  afterEach(() => act(() => switchLocale('en')));

  async function fillAndSubmitInGerman(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Passwort'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  }

  it('speaks German: title, fields, links and the Google button', () => {
    renderSignIn();
    expect(screen.getByRole('dialog', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden mit Google' })).toHaveAttribute('href', '/api/auth/google/redirect');
    expect(screen.getByRole('button', { name: 'Passwort vergessen?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrieren' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nutzungsbedingungen' })).toHaveAttribute('href', '/terms');
  });

  it('shows a wrong password in German, from the code of the API\'s answer', async () => {
    const user = userEvent.setup();
    renderSignIn({ 'POST /user/Login': fail(401, wrongPassword) });
    await fillAndSubmitInGerman(user);
    // The codes' words arrive with the first refusal shown: the alert reads in German once they are there.
    expect(await screen.findByText('Diese Anmeldedaten stimmen nicht mit unseren Unterlagen überein.')).toBeInTheDocument();
  });

  it('falls back to the API\'s English message for a code without a translation', async () => {
    const user = userEvent.setup();
    renderSignIn({ 'POST /user/Login': fail(429, { status: 'error', code: 'too_many_attempts', message: 'Too many attempts.' }) });
    await fillAndSubmitInGerman(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it.each([
    ['401 without words', 'E-Mail oder Passwort ist falsch', fail(401)],
    ['a network failure', 'Verbindungsproblem', networkDown()],
  ])('says what %s means in German', async (_case, text, answer) => {
    const user = userEvent.setup();
    renderSignIn({ 'POST /user/Login': answer });
    await fillAndSubmitInGerman(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
