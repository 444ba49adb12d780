import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleUser } from '@rewards/shared/test/sample-user';
import { fail, networkDown, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { renderModal } from '../../test/render-modal';
import { withUi } from '../../test/ui-state';
import AuthModals from './auth-modals';

type User = ReturnType<typeof userEvent.setup>;

function renderSignUp(answers: FakeAnswers = {}) {
  return renderModal(AuthModals, { answers, preloadedState: withUi({ authModal: 'signup' }), route: '/signup' });
}

async function fillForm(user: User, { password = 'Passw0rd', confirmation = password }: { password?: string; confirmation?: string } = {}) {
  await user.type(screen.getByLabelText('Name'), ' Ada Lovelace ');
  await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Sign Up' }));

function checklistState() {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => [item.firstChild?.nextSibling?.textContent, item.getAttribute('data-met')]);
}

describe('sign-up modal (spec §2, §5, §8)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('asks for name, email (type email) and two passwords, all required', () => {
    renderSignUp();
    for (const label of ['Name', 'Email', 'Password', 'Confirm password']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('shows and hides each password', async () => {
    const user = userEvent.setup();
    renderSignUp();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
  });

  it('ticks the password checklist live: at least 8 characters, 1 number, 1 capital letter, 1 small letter', async () => {
    const user = userEvent.setup();
    renderSignUp();
    expect(checklistState()).toEqual([
      ['At least 8 characters', 'false'],
      ['1 number', 'false'],
      ['1 capital letter', 'false'],
      ['1 small letter', 'false'],
    ]);
    await user.type(screen.getByLabelText('Password'), 'abc1');
    expect(checklistState()).toEqual([
      ['At least 8 characters', 'false'],
      ['1 number', 'true'],
      ['1 capital letter', 'false'],
      ['1 small letter', 'true'],
    ]);
    await user.type(screen.getByLabelText('Password'), 'DEFG');
    expect(checklistState().every(([, met]) => met === 'true')).toBe(true);
  });

  it('says "Passwords do not match!" and sends nothing when the confirmation differs', async () => {
    const user = userEvent.setup();
    const { api } = renderSignUp();
    await fillForm(user, { password: 'Passw0rd', confirmation: 'Passw0rd!' });
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match!');
    expect(api.requests('POST /user/Register')).toHaveLength(0);
  });

  it('sends a password that misses checklist items anyway: the checklist only hints', async () => {
    const user = userEvent.setup();
    const { api } = renderSignUp({ 'POST /user/Register': fail(422) });
    await fillForm(user, { password: 'short' });
    await submit(user);
    await screen.findByRole('alert');
    expect(api.requests('POST /user/Register')).toHaveLength(1);
  });

  it('sends the trimmed name and email with both passwords, showing "Signing Up..." meanwhile', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { api } = renderSignUp({ 'POST /user/Register': () => new Promise((resolve) => (answer = resolve)) });
    await fillForm(user);
    await submit(user);
    expect(screen.getByRole('button', { name: 'Signing Up...' })).toBeDisabled();
    expect(await api.lastBody('POST /user/Register')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Passw0rd',
      password_confirmation: 'Passw0rd',
    });
    await act(async () => answer(Response.json({ status: 'error' }, { status: 500 })));
  });

  it('sends the referral code captured from a /ref/{id} visit', async () => {
    localStorage.setItem('referral_code', 'FRIEND7');
    const user = userEvent.setup();
    const { api } = renderSignUp({ 'POST /user/Register': fail(500) });
    await fillForm(user);
    await submit(user);
    await screen.findByRole('alert');
    expect(await api.lastBody('POST /user/Register')).toMatchObject({ referral_code: 'FRIEND7' });
  });

  it.each([
    ['a server message', 'The email has already been taken.', fail(422, { status: 'error', message: 'The email has already been taken.' })],
    ['a field error', 'The name field is required.', fail(422, { status: 'error', errors: { name: ['The name field is required.'] } })],
    ['a bare 422', 'Invalid input data', fail(422)],
    ['a 500', 'An error occurred, please try again', fail(500)],
    ['a network failure', 'An error occurred, please try again', networkDown()],
  ])('shows, for %s, "%s"', async (_case, text, answer) => {
    const user = userEvent.setup();
    renderSignUp({ 'POST /user/Register': answer });
    await fillForm(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('after success refreshes the session, goes to /Earn and closes', async () => {
    const user = userEvent.setup();
    const { api, onClose, store } = renderSignUp({
      'POST /user/Register': ok({ status: 'success', message: 'Registration successful.' }),
      'POST /user/Profile': ok({ status: 'success', data: sampleUser() }),
    });
    await fillForm(user);
    await submit(user);
    await act(async () => undefined);
    expect(api.requests('POST /user/Profile')).toHaveLength(1);
    expect(store.getState().session.status).toBe('authenticated');
    expect(screen.getByTestId('location')).toHaveTextContent('/Earn');
    expect(onClose).toHaveBeenCalled();
  });
});
