import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fail, networkDown, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { sampleUser, signedInState } from '@rewards/shared/test/sample-user';
import VerifyEmailBanner from './verify-email-banner';

function renderBanner(answers: FakeAnswers = {}) {
  const api = fakeApi(answers);
  return { api, ...renderWithProviders(<VerifyEmailBanner />, { preloadedState: signedInState({ email: 'ada@example.com', email_verified: false }) }) };
}

const codeField = () => screen.getByRole('textbox', { name: 'Verification code' });

describe('the verify-email banner (shown above every page until the email is verified)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is a region named "Verify your email" that says where the code went, with a labelled code field, Verify and "Resend code"', () => {
    renderBanner();
    const region = screen.getByRole('region', { name: 'Verify your email' });
    expect(region).toHaveTextContent('Enter the 6-digit code we sent to ada@example.com. Your first cashout needs a verified email.');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('keeps digits only, at most 6, and enables Verify at exactly 6', async () => {
    const user = userEvent.setup();
    renderBanner();
    await user.type(codeField(), '12a3-45');
    expect(codeField()).toHaveValue('12345');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.type(codeField(), '678');
    expect(codeField()).toHaveValue('123456');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('verifies the code, then reads the user answer again so the session says verified (the shell removes the banner)', async () => {
    const user = userEvent.setup();
    const { api, store } = renderBanner({
      'POST /user/verify-email': ok({ status: 'success', message: 'Email verified.' }),
      'POST /user/Profile': ok({ status: 'success', data: sampleUser({ email_verified: true }) }),
    });
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await api.lastBody('POST /user/verify-email')).toEqual({ code: '123456' });
    await waitFor(() => expect(store.getState().session.user?.email_verified).toBe(true));
    expect(screen.getByRole('status')).toHaveTextContent('Email verified.');
  });

  it('reads out "Invalid or expired code." for a wrong code, marks the field invalid, and stays', async () => {
    const user = userEvent.setup();
    const { store } = renderBanner({
      'POST /user/verify-email': fail(422, { status: 'error', message: 'Invalid or expired code.', errors: { code: ['Invalid or expired code.'] } }),
    });
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid or expired code.');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription('Invalid or expired code.');
    expect(store.getState().session.user?.email_verified).toBe(false);
  });

  it('sends another code and says so; within the minute it shows the wait the server asks for', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { api } = renderBanner({
      'POST /user/verify-email/resend': () =>
        ++calls === 1
          ? ok({ status: 'success', message: 'We sent a new code to your email.' })()
          : fail(429, { status: 'error', message: 'Please wait a minute before asking for another code.' })(),
    });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new code to your email.');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute before asking for another code.');
    expect(api.requests('POST /user/verify-email/resend')).toHaveLength(2);
  });

  it('says the network failed when no answer came', async () => {
    const user = userEvent.setup();
    renderBanner({ 'POST /user/verify-email': networkDown() });
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network connection problem. Please try again.');
  });
});
