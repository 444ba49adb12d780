import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { fail, fakeApi, networkDown, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { withUi } from '../../test/ui-state';
import AuthModals from './auth-modals';

const OTP_SENT = { status: 'success', message: 'OTP code sent to your email successfully!' };
const RESET_DONE = { status: 'success', message: 'Password reset successfully! You can now sign in with your new password.' };

type User = ReturnType<typeof userEvent.setup>;

function renderForgot(answers: FakeAnswers = {}) {
  const api = fakeApi(answers);
  renderWithProviders(<AuthModals onClose={jest.fn()} />, { preloadedState: withUi({ authModal: 'signin' }) });
  return api;
}

async function openForgot(user: User) {
  await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
}

/** From sign-in to the OTP step: the code is sent, and 2 s later the OTP step shows. */
async function reachOtp(user: User, email = 'ada@example.com') {
  await openForgot(user);
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Code' }));
  await screen.findByText('OTP code sent to your email successfully!');
  await act(async () => jest.advanceTimersByTimeAsync(2_000));
  screen.getByRole('dialog', { name: 'Verify OTP Code' });
}

async function reachReset(user: User) {
  await reachOtp(user);
  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await screen.findByRole('dialog', { name: 'Reset Password' });
}

describe('forgot password flow (spec §2, §4, §5, §8)', () => {
  let user: User;
  beforeEach(() => {
    jest.useFakeTimers();
    user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  describe('Forgot Password', () => {
    it('sends the trimmed email, showing "Sending..." meanwhile', async () => {
      let answer: (response: Response) => void = () => undefined;
      const api = renderForgot({ 'POST /user/forgot-password': () => new Promise((resolve) => (answer = resolve)) });
      await openForgot(user);
      await user.type(screen.getByLabelText('Email'), ' ada@example.com  ');
      await user.click(screen.getByRole('button', { name: 'Send Code' }));
      expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      expect(await api.lastBody('POST /user/forgot-password')).toEqual({ email: 'ada@example.com' });
      await act(async () => answer(Response.json(OTP_SENT)));
    });

    it('shows "OTP code sent to your email successfully!" as success, and moves to the OTP step after 2 s', async () => {
      renderForgot({ 'POST /user/forgot-password': ok(OTP_SENT) });
      await openForgot(user);
      await user.type(screen.getByLabelText('Email'), 'ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Send Code' }));
      expect(await screen.findByRole('status')).toHaveTextContent('OTP code sent to your email successfully!');
      await act(async () => jest.advanceTimersByTimeAsync(1_999));
      expect(screen.getByRole('dialog', { name: 'Forgot Password' })).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('dialog', { name: 'Verify OTP Code' })).toBeInTheDocument();
      expect(screen.getByText('Enter the 6-digit code we sent to ada@example.com.')).toBeInTheDocument();
    });

    it.each([
      ['an error without a message', 'Failed to send OTP code', fail(500)],
      ['the server message', 'Too many attempts.', fail(429, { status: 'error', message: 'Too many attempts.' })],
      ['no answer at all', 'An error occurred. Please try again.', networkDown()],
    ])('shows, for %s, "%s" as an error', async (_case, text, answer) => {
      renderForgot({ 'POST /user/forgot-password': answer });
      await openForgot(user);
      await user.type(screen.getByLabelText('Email'), 'ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Send Code' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('button', { name: 'Send Code' })).toBeEnabled();
    });

    it('returns to sign in with "Back to Sign In"', async () => {
      renderForgot();
      await openForgot(user);
      await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
      expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    });
  });

  describe('Verify OTP Code', () => {
    it('accepts digits only, at most 6', async () => {
      renderForgot({ 'POST /user/forgot-password': ok(OTP_SENT) });
      await reachOtp(user);
      const code = screen.getByLabelText('Verification code');
      await user.type(code, '12ab3-4');
      expect(code).toHaveValue('1234');
      await user.type(code, '56789');
      expect(code).toHaveValue('123456');
    });

    it('keeps Verify disabled until exactly 6 digits are typed', async () => {
      renderForgot({ 'POST /user/forgot-password': ok(OTP_SENT) });
      await reachOtp(user);
      await user.type(screen.getByLabelText('Verification code'), '12345');
      expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
      await user.type(screen.getByLabelText('Verification code'), '6');
      expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    });

    it('sends the email and the code, showing "Verifying..." meanwhile, then moves to Reset Password', async () => {
      let answer: (response: Response) => void = () => undefined;
      const api = renderForgot({
        'POST /user/forgot-password': ok(OTP_SENT),
        'POST /user/verify-otp': () => new Promise((resolve) => (answer = resolve)),
      });
      await reachOtp(user, '  ada@example.com ');
      await user.type(screen.getByLabelText('Verification code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
      expect(await api.lastBody('POST /user/verify-otp')).toEqual({ email: 'ada@example.com', otp: '123456' });
      await act(async () => answer(Response.json({ status: 'success', message: 'OTP verified successfully.' })));
      expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
    });

    it('says "Invalid OTP code" when the code is refused without a message', async () => {
      renderForgot({ 'POST /user/forgot-password': ok(OTP_SENT), 'POST /user/verify-otp': fail(400) });
      await reachOtp(user);
      await user.type(screen.getByLabelText('Verification code'), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP code');
    });

    it('goes back to the email with "Back to Email" and clears the code', async () => {
      renderForgot({ 'POST /user/forgot-password': ok(OTP_SENT) });
      await reachOtp(user);
      await user.type(screen.getByLabelText('Verification code'), '123');
      await user.click(screen.getByRole('button', { name: 'Back to Email' }));
      expect(screen.getByRole('dialog', { name: 'Forgot Password' })).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Send Code' }));
      await act(async () => jest.advanceTimersByTimeAsync(2_000));
      expect(screen.getByLabelText('Verification code')).toHaveValue('');
    });
  });

  describe('Reset Password', () => {
    const answers = {
      'POST /user/forgot-password': ok(OTP_SENT),
      'POST /user/verify-otp': ok({ status: 'success', message: 'OTP verified successfully.' }),
    };

    it('says "Passwords do not match" without sending anything', async () => {
      const api = renderForgot(answers);
      await reachReset(user);
      await user.type(screen.getByLabelText('New password'), 'secret-1');
      await user.type(screen.getByLabelText('Confirm new password'), 'secret-2');
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
      expect(api.requests('POST /user/reset-password')).toHaveLength(0);
    });

    it('says "Password must be at least 6 characters long" for 5 characters', async () => {
      renderForgot(answers);
      await reachReset(user);
      await user.type(screen.getByLabelText('New password'), 'abcde');
      await user.type(screen.getByLabelText('Confirm new password'), 'abcde');
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
    });

    it('shows and hides both passwords', async () => {
      renderForgot(answers);
      await reachReset(user);
      await user.click(screen.getByRole('button', { name: 'Show new password' }));
      expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
      await user.click(screen.getByRole('button', { name: 'Show confirm new password' }));
      expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'text');
    });

    it('says "Failed to reset password" when the reset is refused without a message', async () => {
      renderForgot({ ...answers, 'POST /user/reset-password': fail(400) });
      await reachReset(user);
      await user.type(screen.getByLabelText('New password'), 'new-secret');
      await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
    });

    it('sends email, code and both passwords with "Resetting...", shows the success, and after 3 s returns to a cleared sign in', async () => {
      let answer: (response: Response) => void = () => undefined;
      const api = renderForgot({ ...answers, 'POST /user/reset-password': () => new Promise((resolve) => (answer = resolve)) });
      await reachReset(user);
      await user.type(screen.getByLabelText('New password'), 'new-secret');
      await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(screen.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
      expect(await api.lastBody('POST /user/reset-password')).toEqual({
        email: 'ada@example.com',
        otp: '123456',
        password: 'new-secret',
        password_confirmation: 'new-secret',
      });
      await act(async () => answer(Response.json(RESET_DONE)));
      expect(screen.getByRole('status')).toHaveTextContent(
        'Password reset successfully! You can now sign in with your new password.',
      );
      await act(async () => jest.advanceTimersByTimeAsync(2_999));
      expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('');
      expect(screen.getByLabelText('Password')).toHaveValue('');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });
});
