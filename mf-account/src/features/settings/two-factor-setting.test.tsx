import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { sampleUser, signedInState } from '@rewards/shared/test/sample-user';
import { fail, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { renderModal } from '../../test/render-modal';
import SettingsModal from './settings-modal';

const SETUP = 'POST /user/2fa/totp/setup';
const ENABLE_TOTP = 'POST /user/2fa/totp/enable';
const SEND_EMAIL = 'POST /user/2fa/email/send';
const ENABLE_EMAIL = 'POST /user/2fa/email/enable';
const DISABLE = 'POST /user/2fa/disable';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `code-${index}${index}${index}-x`);

const setupAnswer = ok({
  status: 'success',
  data: { secret: SECRET, otpauth_url: `otpauth://totp/Earnly:ada%40example.com?secret=${SECRET}&issuer=Earnly` },
});
const userAnswer = (fields: Partial<UserProfile>) => ok({ status: 'success', data: { user: sampleUser(fields) } });
const invalidCode = fail(422, { status: 'error', message: 'Invalid code.' });

async function renderSettings(answers: FakeAnswers = {}, user: Partial<UserProfile> = {}) {
  // The modal's sessions section asks for the sessions too (its own tests are in signed-in-sessions.test.tsx).
  const sessions: FakeAnswers = { 'GET /user/sessions': ok({ status: 'success', data: [] }) };
  const rendered = renderModal(SettingsModal, { answers: { ...sessions, ...answers }, preloadedState: signedInState(user), route: '/Profile' });
  // The section's code loads as Settings opens.
  const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
  return { section, ...rendered };
}

async function typeCode(user: UserEvent, label: string, code = '123456') {
  await user.type(screen.getByLabelText(label), code);
}

// jsdom's Blob has no text().
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

afterEach(() => jest.restoreAllMocks());

describe('Settings: two-factor authentication (issue 31)', () => {
  it('says it is off and offers an authenticator app or email codes', async () => {
    const { section } = await renderSettings();
    expect(within(section).getByText('Off')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Authenticator app' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Email codes' })).toBeInTheDocument();
  });

  describe('authenticator app', () => {
    it('shows the QR code and the key to type, with the focus on the step', async () => {
      const user = userEvent.setup();
      const { api } = await renderSettings({ [SETUP]: setupAnswer });
      await user.click(screen.getByRole('button', { name: 'Authenticator app' }));
      expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toHaveFocus();
      const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
      expect(qr.tagName.toLowerCase()).toBe('svg');
      expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
      expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
      expect(api.requests(SETUP)).toHaveLength(1);
      const code = screen.getByLabelText('Code from the app');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'numeric');
    });

    it('turns on with a code, shows the 10 recovery codes once, downloads them, and asks for an acknowledgement', async () => {
      const user = userEvent.setup();
      const downloads: { name: string; blob: Blob }[] = [];
      let lastBlob: Blob | null = null;
      URL.createObjectURL = jest.fn((blob: Blob) => {
        lastBlob = blob;
        return 'blob:recovery-codes';
      });
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push({ name: this.download, blob: lastBlob! });
      });
      const { api, section, store } = await renderSettings({
        [SETUP]: setupAnswer,
        [ENABLE_TOTP]: ok({ status: 'success', data: { recovery_codes: RECOVERY_CODES, user: sampleUser({ two_factor: 'totp' }) } }),
      });
      await user.click(screen.getByRole('button', { name: 'Authenticator app' }));
      await screen.findByText(/JBSW Y3DP/);
      const turnOn = screen.getByRole('button', { name: 'Turn on' });
      expect(turnOn).toBeDisabled();
      await typeCode(user, 'Code from the app');
      await user.click(turnOn);
      expect(await api.lastBody(ENABLE_TOTP)).toEqual({ code: '123456' });

      expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
      const list = screen.getByRole('list', { name: 'Recovery codes' });
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY_CODES);
      expect(store.getState().session.user?.two_factor).toBe('totp');

      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(downloads).toHaveLength(1);
      expect(downloads[0]!.name).toBe('earnly-recovery-codes.txt');
      expect(downloads[0]!.blob.type).toBe('text/plain;charset=utf-8');
      const text = await readText(downloads[0]!.blob);
      expect(text).toContain('Earnly recovery codes for ada@example.com');
      for (const code of RECOVERY_CODES) expect(text).toContain(`\n${code}\n`);

      const done = screen.getByRole('button', { name: 'Done' });
      expect(done).toBeDisabled();
      await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }));
      await user.click(done);
      expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
      expect(within(section).getByText('On')).toBeInTheDocument();
      expect(within(section).getByText('Authenticator app')).toBeInTheDocument();
      expect(within(section).getByRole('status')).toHaveTextContent('Two-factor authentication is on');
      expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toHaveFocus();
    });

    it('says "Invalid code." for a wrong code and empties the field', async () => {
      const user = userEvent.setup();
      await renderSettings({ [SETUP]: setupAnswer, [ENABLE_TOTP]: invalidCode });
      await user.click(screen.getByRole('button', { name: 'Authenticator app' }));
      await screen.findByText(/JBSW Y3DP/);
      await typeCode(user, 'Code from the app', '000000');
      await user.click(screen.getByRole('button', { name: 'Turn on' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
      expect(screen.getByLabelText('Code from the app')).toHaveValue('');
      expect(screen.getByLabelText('Code from the app')).toHaveAttribute('aria-invalid', 'true');
    });

    it('says when setup could not start, and tries again', async () => {
      const user = userEvent.setup();
      let answer = fail(500, { status: 'error', message: 'Server Error' });
      const { api } = await renderSettings({ [SETUP]: () => answer() });
      await user.click(screen.getByRole('button', { name: 'Authenticator app' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Server error, please try again.');
      answer = setupAnswer;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText(/JBSW Y3DP/)).toBeInTheDocument();
      expect(api.requests(SETUP)).toHaveLength(2);
    });

    it('goes back with Cancel, the focus on the section', async () => {
      const user = userEvent.setup();
      await renderSettings({ [SETUP]: setupAnswer });
      await user.click(screen.getByRole('button', { name: 'Authenticator app' }));
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: 'Authenticator app' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toHaveFocus();
    });
  });

  describe('email codes', () => {
    it('sends a code, takes it back, and is on', async () => {
      const user = userEvent.setup();
      const { api, section, store } = await renderSettings({
        [SEND_EMAIL]: ok({ status: 'success', message: 'We sent a code to your email.' }),
        [ENABLE_EMAIL]: userAnswer({ two_factor: 'email' }),
      });
      await user.click(screen.getByRole('button', { name: 'Email codes' }));
      expect(await screen.findByRole('heading', { name: 'Turn on email codes' })).toHaveFocus();
      expect(section).toHaveTextContent('ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByText('We sent a code to your email.')).toHaveAttribute('role', 'status');
      expect(api.requests(SEND_EMAIL)).toHaveLength(1);
      const code = screen.getByLabelText('Code from the email');
      expect(code).toHaveFocus();
      expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
      await typeCode(user, 'Code from the email', '424242');
      await user.click(screen.getByRole('button', { name: 'Turn on' }));
      expect(await api.lastBody(ENABLE_EMAIL)).toEqual({ code: '424242' });
      expect(await within(section).findByText('Email codes')).toBeInTheDocument();
      expect(within(section).getByText('On')).toBeInTheDocument();
      expect(within(section).getByRole('status')).toHaveTextContent('at each sign-in we email you a code');
      expect(store.getState().session.user?.two_factor).toBe('email');
    });

    it("shows the server's refusal to send", async () => {
      const user = userEvent.setup();
      await renderSettings({ [SEND_EMAIL]: fail(429, { status: 'error', message: 'Please wait a minute before asking for a new code.' }) });
      await user.click(screen.getByRole('button', { name: 'Email codes' }));
      await user.click(await screen.findByRole('button', { name: 'Send code' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute before asking for a new code.');
      expect(screen.queryByLabelText('Code from the email')).not.toBeInTheDocument();
    });

    it('says "Invalid code." for a wrong code', async () => {
      const user = userEvent.setup();
      await renderSettings({ [SEND_EMAIL]: ok({ status: 'success', message: 'We sent a code to your email.' }), [ENABLE_EMAIL]: invalidCode });
      await user.click(screen.getByRole('button', { name: 'Email codes' }));
      await user.click(await screen.findByRole('button', { name: 'Send code' }));
      await typeCode(user, 'Code from the email', '000000');
      await user.click(screen.getByRole('button', { name: 'Turn on' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
    });
  });

  describe('turning it off', () => {
    it('shows the method and turns off with the password and a code from the app', async () => {
      const user = userEvent.setup();
      const { api, section, store } = await renderSettings({ [DISABLE]: userAnswer({ two_factor: 'off' }) }, { two_factor: 'totp' });
      expect(within(section).getByText('On')).toBeInTheDocument();
      expect(within(section).getByText('Authenticator app')).toBeInTheDocument();
      await user.click(within(section).getByRole('button', { name: 'Turn off' }));
      expect(await screen.findByRole('heading', { name: 'Turn off two-factor authentication' })).toHaveFocus();
      const turnOff = screen.getByRole('button', { name: 'Turn off two-factor' });
      await user.type(screen.getByLabelText('Password'), 'secret-1');
      expect(turnOff).toBeDisabled();
      await typeCode(user, 'Code from your authenticator app', '135790');
      await user.click(turnOff);
      expect(await api.lastBody(DISABLE)).toEqual({ password: 'secret-1', code: '135790' });
      expect(await within(section).findByText('Off')).toBeInTheDocument();
      expect(within(section).getByRole('status')).toHaveTextContent('Two-factor authentication is off.');
      expect(store.getState().session.user?.two_factor).toBe('off');
    });

    it("asks a Google-only account for a code alone", async () => {
      const user = userEvent.setup();
      const { api } = await renderSettings({ [DISABLE]: userAnswer({ two_factor: 'off' }) }, { two_factor: 'totp', has_password: false });
      await user.click(screen.getByRole('button', { name: 'Turn off' }));
      await screen.findByRole('heading', { name: 'Turn off two-factor authentication' });
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      await typeCode(user, 'Code from your authenticator app');
      await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
      expect(await api.lastBody(DISABLE)).toEqual({ code: '123456' });
    });

    it('emails a code first when the codes come by email', async () => {
      const user = userEvent.setup();
      const { api } = await renderSettings(
        { [SEND_EMAIL]: ok({ status: 'success', message: 'We sent a code to your email.' }), [DISABLE]: userAnswer({ two_factor: 'off' }) },
        { two_factor: 'email' },
      );
      await user.click(screen.getByRole('button', { name: 'Turn off' }));
      await screen.findByRole('heading', { name: 'Turn off two-factor authentication' });
      expect(screen.queryByLabelText('Code from the email')).not.toBeInTheDocument();
      await user.type(screen.getByLabelText('Password'), 'secret-1');
      await user.click(screen.getByRole('button', { name: 'Email me a code' }));
      expect(await screen.findByLabelText('Code from the email')).toHaveFocus();
      await typeCode(user, 'Code from the email', '246810');
      await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
      expect(await api.lastBody(DISABLE)).toEqual({ password: 'secret-1', code: '246810' });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Email codes' })).toBeInTheDocument());
    });

    it("shows the server's message for a wrong password, and stays on", async () => {
      const user = userEvent.setup();
      const { section } = await renderSettings({ [DISABLE]: fail(422, { status: 'error', message: 'The password is incorrect.' }) }, { two_factor: 'totp' });
      await user.click(screen.getByRole('button', { name: 'Turn off' }));
      await user.type(await screen.findByLabelText('Password'), 'wrong');
      await typeCode(user, 'Code from your authenticator app');
      await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The password is incorrect.');
      expect(within(section).getByText('On')).toBeInTheDocument();
    });
  });
});
