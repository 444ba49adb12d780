import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleUser, signedInState } from '@rewards/shared/test/sample-user';
import { fail, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { renderModal } from '../../test/render-modal';
import SettingsModal from './settings-modal';

// The "Where you're signed in" section lists the sessions (its own tests are in signed-in-sessions.test.tsx).
const SESSIONS: FakeAnswers = { 'GET /user/sessions': ok({ status: 'success', data: [] }) };

function renderSettings(answers: FakeAnswers = {}) {
  return renderModal(SettingsModal, { answers: { ...SESSIONS, ...answers }, preloadedState: signedInState(), route: '/Profile' });
}

describe('settings modal (spec §2, §8)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('is a modal dialog named "Settings"', () => {
    renderSettings();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toHaveAttribute('aria-modal', 'true');
  });

  it('turns Live Stats off and on, and remembers it in local storage', async () => {
    const user = userEvent.setup();
    const { store } = renderSettings();
    const toggle = screen.getByRole('switch', { name: 'Live Stats' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(store.getState().settings.liveStats).toBe(false);
    expect(localStorage.getItem('Live Stats')).toBe('false');
    await user.click(toggle);
    expect(localStorage.getItem('Live Stats')).toBe('true');
  });

  describe('emails', () => {
    const saved = (preferences: Record<string, boolean>) => () =>
      ok({ status: 'success', message: 'Email preferences saved.', data: { user: sampleUser({ email_preferences: { cashouts: true, tickets: true, security: true, ...preferences } }) } })();

    it('has three switches, all on for a new account, and says a password change is always emailed', () => {
      renderSettings();
      for (const name of ['Email me about cashouts', 'Email me about support tickets', 'Email me about security']) {
        expect(screen.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'true');
      }
      expect(screen.getByRole('switch', { name: 'Email me about security' })).toHaveAccessibleDescription(
        'New sign-ins and two-factor changes. A password change is always emailed: that email cannot be turned off, it protects your account.',
      );
    });

    it('saves a switch on the server and shows what the server answered', async () => {
      const user = userEvent.setup();
      const { api, store } = renderSettings({ 'POST /user/email-preferences': saved({ cashouts: false }) });
      const cashouts = screen.getByRole('switch', { name: 'Email me about cashouts' });
      await user.click(cashouts);
      expect(await api.lastBody('POST /user/email-preferences')).toEqual({ cashouts: false });
      await waitFor(() => expect(cashouts).toHaveAttribute('aria-checked', 'false'));
      expect(store.getState().session.user?.email_preferences).toEqual({ cashouts: false, tickets: true, security: true });
      expect(screen.getByRole('switch', { name: 'Email me about support tickets' })).toHaveAttribute('aria-checked', 'true');
    });

    it('keeps the switch as it was and says so when saving fails', async () => {
      const user = userEvent.setup();
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      renderSettings({ 'POST /user/email-preferences': fail(500, { status: 'error', message: 'Server Error' }) });
      const tickets = screen.getByRole('switch', { name: 'Email me about support tickets' });
      await user.click(tickets);
      expect(await screen.findByRole('alert')).toHaveTextContent('Your choice could not be saved. Please try again.');
      expect(tickets).toHaveAttribute('aria-checked', 'true');
    });
  });

  it('logs out: asks the server, signs out, goes to / and closes', async () => {
    const user = userEvent.setup();
    const { api, onClose, store } = renderSettings({ 'POST /user/logout': ok({ status: 'success', message: 'Logged out successfully.' }) });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    // The sign-out's answer comes in a later task: on a busy machine, after the click's own await.
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests('POST /user/logout')).toHaveLength(1);
    expect(store.getState().session.status).toBe('unauthenticated');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('asks for confirmation before deleting the account, and sends nothing until confirmed', async () => {
    const user = userEvent.setup();
    const { api } = renderSettings({ 'POST /user/DeleteAccount': ok() });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(screen.getByText(/permanently deletes your account/)).toBeInTheDocument();
    expect(api.requests('POST /user/DeleteAccount')).toHaveLength(0);
  });

  it('goes back to the settings with Cancel', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  it('deletes once confirmed: "Deleting...", then clears local storage, signs out, goes to / and closes', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user', '{"id":1}');
    localStorage.setItem('ID', '1');
    let answer: (response: Response) => void = () => undefined;
    const { api, onClose, store } = renderSettings({
      'POST /user/DeleteAccount': () => new Promise((resolve) => (answer = resolve)),
    });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(api.requests('POST /user/DeleteAccount')).toHaveLength(1);
    await act(async () => answer(Response.json({ status: 'success', message: 'Your account has been deleted.' })));
    expect(localStorage.length).toBe(0);
    expect(store.getState().session).toEqual({ status: 'unauthenticated', user: null });
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(onClose).toHaveBeenCalled();
  });

  it('only logs a failed deletion and stays signed in', async () => {
    const user = userEvent.setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('user', '{"id":1}');
    const { onClose, store } = renderSettings({ 'POST /user/DeleteAccount': fail(500) });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByRole('button', { name: 'Yes, delete my account' })).toBeEnabled();
    expect(warn).toHaveBeenCalledWith('Delete account failed', expect.objectContaining({ status: 500 }));
    expect(store.getState().session.status).toBe('authenticated');
    expect(localStorage.getItem('user')).toBe('{"id":1}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
