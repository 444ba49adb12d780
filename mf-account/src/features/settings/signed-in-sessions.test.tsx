import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignedInSession } from '@rewards/shared/contracts/api-types';
import { fail, fakeApi, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { SignedInSessionsSetting } from './signed-in-sessions';

const session = (overrides: Partial<SignedInSession>): SignedInSession => ({
  id: 1,
  device: 'Chrome on Windows',
  ip: '203.0.113.7',
  created_at: '2027-03-01T10:00:00.000Z',
  last_seen_at: '2027-03-12T09:30:00.000Z',
  current: false,
  ...overrides,
});

const THIS = session({ id: 7, device: 'Firefox on Linux', ip: '198.51.100.2', current: true });
const PHONE = session({ id: 8, device: 'Safari on iPhone', ip: '198.51.100.9' });
const LAPTOP = session({ id: 9, device: 'Chrome on Windows' });

function renderSessions(answers: FakeAnswers) {
  const api = fakeApi(answers);
  return { api, ...renderWithProviders(<SignedInSessionsSetting />, { preloadedState: signedInState() }) };
}

const listed = () => ({ 'GET /user/sessions': ok({ status: 'success', data: [THIS, PHONE, LAPTOP] }) });
const rowOf = async (device: string) => (await screen.findByText(device, { exact: false, selector: 'p' })).closest('li')!;

describe('Settings: "Where you\'re signed in"', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists every session with its device, address and times; this one says "This device" and has no Sign out', async () => {
    renderSessions(listed());
    const section = screen.getByRole('region', { name: "Where you're signed in" });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Firefox on Linux198.51.100.2 · Signed in');
    expect(rows[0]).toHaveTextContent('This device');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iPhone198.51.100.9 · Signed in');
    expect(rows[1]).toHaveTextContent('Signed in Mar 1, 2027');
    const signOut = within(rows[1]!).getByRole('button', { name: 'Sign out' });
    expect(signOut).toHaveAccessibleDescription('Safari on iPhone');
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeEnabled();
  });

  it('signs one session out and takes it off the list', async () => {
    const user = userEvent.setup();
    const { api } = renderSessions({ ...listed(), 'DELETE /user/sessions/8': ok({ status: 'success', message: 'Signed out of that device.' }) });
    await user.click(within(await rowOf('Safari on iPhone')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Signed out Safari on iPhone.');
    expect(api.requests('DELETE /user/sessions/8')).toHaveLength(1);
    expect(within(screen.getByRole('list')).queryByText('Safari on iPhone', { exact: false })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('signs out everywhere else: only this device stays, and the button goes', async () => {
    const user = userEvent.setup();
    const { api } = renderSessions({ ...listed(), 'POST /user/sessions/revoke-others': ok({ status: 'success', message: 'Signed out everywhere else.' }) });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Signed out everywhere else.');
    expect(api.requests('POST /user/sessions/revoke-others')).toHaveLength(1);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem')).toHaveTextContent('This device');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('reads out a failed sign-out and keeps the session listed', async () => {
    const user = userEvent.setup();
    renderSessions({ ...listed(), 'DELETE /user/sessions/9': fail(500, { status: 'error', message: 'Internal server error' }) });
    await user.click(within(await rowOf('Chrome on Windows')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign out Chrome on Windows. Please try again.');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows no "Sign out everywhere else" when this is the only session', async () => {
    renderSessions({ 'GET /user/sessions': ok({ status: 'success', data: [THIS] }) });
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on "Try again"', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderSessions({
      'GET /user/sessions': () => (++calls === 1 ? fail(500, { status: 'error', message: 'Internal server error' })() : ok({ status: 'success', data: [THIS] })()),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your devices could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This device')).toBeInTheDocument();
  });
});
