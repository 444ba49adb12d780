import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { sampleUser } from '@rewards/shared/test/sample-user';
import { fail, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { renderModal } from '../../test/render-modal';
import { withUi } from '../../test/ui-state';
import AuthModals from './auth-modals';

const LOGIN = 'POST /user/Login';
const SECOND_STEP = 'POST /user/Login/2fa';
const RESEND = 'POST /user/Login/2fa/resend';

const challengeOf = (method: 'totp' | 'email') =>
  ok({ status: 'success', data: { two_factor_required: true, method, challenge: 'chal-123' } });
const signedIn = ok({ status: 'success', message: 'Login successful.', data: { user: sampleUser({ two_factor: 'totp' }) } });
const invalidCode = fail(422, { status: 'error', message: 'Invalid code.' });
const expired = fail(422, { status: 'error', code: 'challenge_expired', message: 'This sign-in has expired. Please sign in again.' });

function renderSignIn(answers: FakeAnswers) {
  return renderModal(AuthModals, { answers, preloadedState: withUi({ authModal: 'signin' }), route: '/signin' });
}

async function signInWithPassword(user: UserEvent) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
  // The step's code loads when it opens.
  await within(dialog).findByRole('button', { name: 'Verify' });
  return dialog;
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('sign-in second step (issue 31)', () => {
  it('asks an authenticator-app account for the 6-digit code from the app, in a one-time-code field that has the focus', async () => {
    const user = userEvent.setup();
    const { api, store } = renderSignIn({ [LOGIN]: challengeOf('totp') });
    const dialog = await signInWithPassword(user);
    expect(dialog).toHaveTextContent('Enter the 6-digit code from your authenticator app');
    const field = screen.getByLabelText('Verification code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app');
    expect(field).toHaveFocus();
    // No session yet: nothing refreshed the user.
    expect(api.requests('POST /user/Profile')).toHaveLength(0);
    expect(store.getState().session.status).not.toBe('authenticated');
    expect(screen.queryByRole('button', { name: /Resend code/ })).not.toBeInTheDocument();
  });

  it('asks an email account for the code it emailed', async () => {
    const user = userEvent.setup();
    renderSignIn({ [LOGIN]: challengeOf('email') });
    const dialog = await signInWithPassword(user);
    expect(dialog).toHaveTextContent('Enter the 6-digit code we emailed you');
  });

  it('keeps digits only and offers Verify once there are 6', async () => {
    const user = userEvent.setup();
    renderSignIn({ [LOGIN]: challengeOf('totp') });
    await signInWithPassword(user);
    const field = screen.getByLabelText('Verification code');
    await user.type(field, '12a 34');
    expect(field).toHaveValue('1234');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.type(field, '567');
    expect(field).toHaveValue('123456');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('signs in as a password sign-in does: sends the challenge and the code, refreshes the user, goes to /Earn and closes', async () => {
    const user = userEvent.setup();
    const { api, onClose, store } = renderSignIn({
      [LOGIN]: challengeOf('totp'),
      [SECOND_STEP]: signedIn,
      'POST /user/Profile': ok({ status: 'success', data: sampleUser({ two_factor: 'totp' }) }),
    });
    await signInWithPassword(user);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(await api.lastBody(SECOND_STEP)).toEqual({ challenge: 'chal-123', code: '123456' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests('POST /user/Profile')).toHaveLength(1);
    expect(store.getState().session.status).toBe('authenticated');
    // The navigation commits in a transition, which may land after the modal has been told to close.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Earn'));
  });

  it('says "Invalid code." for a wrong code, and puts the focus back in the emptied field', async () => {
    const user = userEvent.setup();
    renderSignIn({ [LOGIN]: challengeOf('totp'), [SECOND_STEP]: invalidCode });
    await signInWithPassword(user);
    const field = screen.getByLabelText('Verification code');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
  });

  it('goes back to the password step with the message when the sign-in expired', async () => {
    const user = userEvent.setup();
    renderSignIn({ [LOGIN]: challengeOf('totp'), [SECOND_STEP]: expired });
    await signInWithPassword(user);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired. Please sign in again.');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('takes a recovery code instead, and back', async () => {
    const user = userEvent.setup();
    const { api } = renderSignIn({ [LOGIN]: challengeOf('totp'), [SECOND_STEP]: invalidCode });
    const dialog = await signInWithPassword(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    expect(dialog).toHaveTextContent('Enter one of the recovery codes you saved');
    expect(field).not.toHaveAttribute('inputmode');
    await user.type(field, '  abcd-efgh-1234 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await api.lastBody(SECOND_STEP)).toEqual({ challenge: 'chal-123', code: 'abcd-efgh-1234' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
    await user.click(screen.getByRole('button', { name: 'Use the 6-digit code instead' }));
    expect(screen.getByLabelText('Verification code')).toHaveFocus();
  });

  it('returns to the password step with "Back to Sign In"', async () => {
    const user = userEvent.setup();
    renderSignIn({ [LOGIN]: challengeOf('totp') });
    await signInWithPassword(user);
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves a blocked account to the site alert modal', async () => {
    const user = userEvent.setup();
    const blocked = fail(403, { status: 'error', message: 'Your account has been blocked.', error_type: 'account_blocked' });
    const { onClose, store } = renderSignIn({ [LOGIN]: challengeOf('totp'), [SECOND_STEP]: blocked });
    await signInWithPassword(user);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(store.getState().ui.alert).toMatchObject({ isOpen: true, title: 'Your account has been blocked.' });
  });

  describe('email codes: "Resend code"', () => {
    async function openEmailStep(answers: FakeAnswers) {
      jest.useFakeTimers();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const rendered = renderSignIn({ [LOGIN]: challengeOf('email'), ...answers });
      const dialog = await signInWithPassword(user);
      return { user, dialog, ...rendered };
    }

    it('is offered after 60 s, sends the challenge, says so and waits 60 s again', async () => {
      const { user, api, dialog } = await openEmailStep({ [RESEND]: ok({ status: 'success', message: 'We sent you a new code.' }) });
      expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
      await act(async () => jest.advanceTimersByTimeAsync(59_000));
      expect(screen.getByRole('button', { name: 'Resend code in 1 s' })).toBeDisabled();
      await act(async () => jest.advanceTimersByTimeAsync(1_000));
      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(await within(dialog).findByRole('status')).toHaveTextContent('We sent you a new code.');
      expect(await api.lastBody(RESEND)).toEqual({ challenge: 'chal-123' });
      expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    });

    it("shows the server's refusal", async () => {
      const { user } = await openEmailStep({ [RESEND]: fail(429, { status: 'error', message: 'Please wait a minute before asking for a new code.' }) });
      await act(async () => jest.advanceTimersByTimeAsync(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute before asking for a new code.');
    });

    it('goes back to the password step when the sign-in expired', async () => {
      const { user } = await openEmailStep({ [RESEND]: expired });
      await act(async () => jest.advanceTimersByTimeAsync(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired. Please sign in again.');
    });
  });

  describe("Google's second step (/#two-factor=<challenge>&method=<m>)", () => {
    it('opens at the second step, takes the fragment out of the address, and signs in with its challenge', async () => {
      window.history.replaceState({ idx: 0 }, '', '/?from=google#two-factor=g-chal_9&method=email');
      const user = userEvent.setup();
      const { api, onClose } = renderSignIn({
        [SECOND_STEP]: signedIn,
        'POST /user/Profile': ok({ status: 'success', data: sampleUser() }),
      });
      const dialog = screen.getByRole('dialog', { name: 'Two-factor authentication' });
      await within(dialog).findByRole('button', { name: 'Verify' });
      expect(dialog).toHaveTextContent('Enter the 6-digit code we emailed you');
      expect(screen.getByLabelText('Verification code')).toHaveFocus();
      expect(window.location.hash).toBe('');
      expect(`${window.location.pathname}${window.location.search}`).toBe('/?from=google');
      expect(window.history.state).toEqual({ idx: 0 });
      await user.type(screen.getByLabelText('Verification code'), '654321');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await api.lastBody(SECOND_STEP)).toEqual({ challenge: 'g-chal_9', code: '654321' });
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      // As above: the navigation's transition may commit after the modal was told to close.
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Earn'));
    });

    it('shows the usual sign-in for a fragment it cannot read, and removes it too', () => {
      window.history.replaceState(null, '', '/#two-factor=abc&method=sms');
      renderSignIn({});
      expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
      expect(window.location.hash).toBe('');
    });

    it('leaves any other fragment alone', () => {
      window.history.replaceState(null, '', '/#faq');
      renderSignIn({});
      expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
      expect(window.location.hash).toBe('#faq');
    });
  });
});
