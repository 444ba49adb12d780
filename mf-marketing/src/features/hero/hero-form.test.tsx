import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@rewards/shared/router';
import { REFERRAL_STORAGE_KEY } from '@rewards/shared/rules/referral';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { sampleUser } from '@rewards/shared/test/sample-user';
import { fakeApi, fail, networkDown, ok } from '@rewards/shared/test/fake-api';
import { LANDING } from '../../test/landing';
import { HeroForm } from './hero-form';
import { nameFromEmail } from './hero-sign-up';

const TAKEN = { status: 'error', message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } };
const signedIn = ok({ status: 'success', message: 'Login successful.', data: { user: sampleUser() } });
const profile = ok({ status: 'success', data: sampleUser() });

function Path() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHero() {
  const user = userEvent.setup();
  const view = renderWithProviders(
    <>
      <HeroForm content={LANDING.hero} />
      <Path />
    </>,
  );
  return { user, ...view };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Start earning now' }));
}

describe('hero sign-up (spec §2, §4, §8; the hero is a sign-up)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('shows an email field, the Start earning now button and the Google sign-up; the password field is hidden', () => {
    renderHero();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('type', 'email');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start earning now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up with Google' })).toHaveAttribute('href', '/api/auth/google/redirect');
  });

  it('reveals the password field when the email field gets focus', async () => {
    const { user } = renderHero();
    await user.click(screen.getByRole('textbox', { name: 'Email address' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('reveals the password field on typing too', async () => {
    renderHero();
    const email = screen.getByRole('textbox', { name: 'Email address' });
    // A paste or autofill changes the field without focusing it first.
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('creates the account of a new email (name from the part before @), signs in and goes to /Earn', async () => {
    const api = fakeApi({ 'POST /user/Register': ok({ status: 'success', message: 'Registration successful.' }, 201), 'POST /user/Profile': profile });
    const { user } = renderHero();
    await fillAndSubmit(user, '  ada.lovelace@example.com ', 'Secret123');
    await screen.findByText('/Earn');
    expect(await api.bodies('POST /user/Register')).toEqual([
      { name: 'ada.lovelace', email: 'ada.lovelace@example.com', password: 'Secret123', password_confirmation: 'Secret123' },
    ]);
    expect(api.requests('POST /user/Login')).toHaveLength(0);
  });

  it('sends the referral code kept from /ref/{id}', async () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'ABC123');
    const api = fakeApi({ 'POST /user/Register': ok({ status: 'success' }, 201), 'POST /user/Profile': profile });
    const { user } = renderHero();
    await fillAndSubmit(user, 'grace@example.com', 'Secret123');
    await screen.findByText('/Earn');
    expect(await api.bodies('POST /user/Register')).toEqual([expect.objectContaining({ referral_code: 'ABC123' })]);
  });

  it('signs a known email in with its password instead, then /Earn', async () => {
    const api = fakeApi({ 'POST /user/Register': fail(422, TAKEN), 'POST /user/Login': signedIn, 'POST /user/Profile': profile });
    const { user } = renderHero();
    await fillAndSubmit(user, 'ada@example.com', 'short1');
    await screen.findByText('/Earn');
    expect(await api.bodies('POST /user/Login')).toEqual([{ email: 'ada@example.com', password: 'short1' }]);
  });

  it('says "Email or password is incorrect" for a known email with the wrong password, and stays', async () => {
    fakeApi({ 'POST /user/Register': fail(422, TAKEN), 'POST /user/Login': fail(401, { status: 'error' }) });
    const { user } = renderHero();
    await fillAndSubmit(user, 'ada@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
    expect(screen.getByTestId('path')).toHaveTextContent('/');
    expect(screen.getByRole('button', { name: 'Start earning now' })).toBeEnabled();
  });

  it("shows the server's message for a new account it refuses (the sign-up password rules)", async () => {
    const message = 'The password must be at least 8 characters.';
    fakeApi({ 'POST /user/Register': fail(422, { status: 'error', message, errors: { password: [message] } }) });
    const { user } = renderHero();
    await fillAndSubmit(user, 'new@example.com', 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    ['a 422 with nothing more', fail(422, {}), 'Invalid registration data'],
    ['a server error', fail(503, {}), 'Server error, please try again'],
    ['no network', networkDown(), 'Network connection problem'],
    ['another status', fail(418, {}), 'An unexpected error occurred, please try again'],
  ])('shows spec §8 messages: %s', async (_label, answer, message) => {
    fakeApi({ 'POST /user/Register': answer });
    const { user } = renderHero();
    await fillAndSubmit(user, 'new@example.com', 'Secret123');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('reads "Signing Up..." and is disabled while it waits', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi({ 'POST /user/Register': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderHero();
    await fillAndSubmit(user, 'new@example.com', 'Secret123');
    expect(await screen.findByRole('button', { name: 'Signing Up...' })).toBeDisabled();
    answer(new Response(JSON.stringify({ status: 'error' }), { status: 500, headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByRole('button', { name: 'Start earning now' })).toBeEnabled();
  });

  it('goes to /Profile when the session check after sign-up fails', async () => {
    fakeApi({ 'POST /user/Register': ok({ status: 'success' }, 201), 'POST /user/Profile': fail(500, {}) });
    const { user } = renderHero();
    await fillAndSubmit(user, 'new@example.com', 'Secret123');
    expect(await screen.findByText('/Profile')).toBeInTheDocument();
  });

  it('lets the alert modal speak for a blocked account, with no second message', async () => {
    fakeApi({
      'POST /user/Register': fail(422, TAKEN),
      'POST /user/Login': fail(403, { status: 'error', message: 'Your account has been blocked.', error_type: 'account_blocked' }),
    });
    const { user, store } = renderHero();
    await fillAndSubmit(user, 'blocked@example.com', 'Secret123');
    await screen.findByRole('button', { name: 'Start earning now' });
    expect(store.getState().ui.alert.type).toBe('blocked');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the account after the part of the email before @', () => {
    expect(nameFromEmail('ada.lovelace@example.com')).toBe('ada.lovelace');
    expect(nameFromEmail('a+b@c@example.com')).toBe('a+b@c');
  });
});
