import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { SUCCESS_MODAL_MS } from '@rewards/shared/constants';
import { IDEMPOTENCY_HEADER } from '@rewards/shared/contracts/cashout-types';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { sampleUser, signedInState } from '@rewards/shared/test/sample-user';
import { deferredResponse, fakeApi, type FakeAnswer } from '@rewards/shared/test/fake-api';
import CashoutPage from '../../pages/cashout-page';
import { cashout, cashoutStats } from '../../test/cashout-fixtures';

const STORE = 'POST /Cashout/Store';

const success = () =>
  jsonResponse({
    status: 'success',
    message: 'Your cashout request has been received.',
    data: { new_balance: '9.34', cashout: cashout({ amount: '3.00', status: 'pending' }) },
  });

/** The page with the stats answered, and Cashout/Store answered by `store`. */
function renderPage(store: FakeAnswer = success) {
  let balance = '12.34';
  const api = fakeApi({
    'GET /Cashout/stats': () => jsonResponse({ status: 'success', data: cashoutStats({ current_balance: balance }) }),
    'POST /user/Profile': () => jsonResponse({ status: 'success', data: sampleUser({ wallet: balance }) }),
    [STORE]: async (request) => {
      const answer = await store(request);
      if (answer.ok) balance = '9.34';
      return answer;
    },
  });
  const rendered = renderWithProviders(<CashoutPage />, { preloadedState: signedInState({ wallet: '12.34' }), route: '/Cashout' });
  return { ...api, ...rendered };
}

async function open(user: UserEvent, title: string) {
  await user.click(screen.getByRole('button', { name: `Cash out with ${title}` }));
  return screen.getByRole('dialog', { name: `Cash out with ${title}` });
}

async function fill(user: UserEvent, dialog: HTMLElement, account: string, amount: string) {
  const accountField = within(dialog).getAllByRole('textbox')[0]!;
  await user.clear(accountField);
  if (account) await user.type(accountField, account);
  const amountField = within(dialog).getByLabelText('Amount (USD)');
  await user.clear(amountField);
  if (amount) await user.type(amountField, amount);
}

async function submit(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Cashout Now' }));
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('cashout modal validation (spec §5)', () => {
  it.each([
    ['Stake', 'Please enter your Stake Username'],
    ['Visa virtual gift card', 'Please enter your Email Address'],
    ['PayPal', 'Please enter your PayPal Email'],
    ['Letcoin', 'Please enter your Letcoin Wallet Address'],
    ['Payeer', 'Please enter your Payeer Account ID'],
  ])('shows "%s" without an account and sends nothing', async (title, message) => {
    const user = userEvent.setup();
    const { requests } = renderPage();
    const dialog = await open(user, title);
    await fill(user, dialog, '   ', '5');
    await submit(user, dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(dialog.querySelector('input[aria-invalid="true"]')).toHaveFocus();
    expect(requests(STORE)).toHaveLength(0);
  });

  it.each([
    ['an empty amount', ''],
    ['0.10', '0.10'],
    ['0.24', '0.24'],
  ])('shows "Minimum amount is $0.25" for %s and sends nothing', async (_, amount) => {
    const user = userEvent.setup();
    const { requests } = renderPage();
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', amount);
    await submit(user, dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Minimum amount is $0.25');
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(requests(STORE)).toHaveLength(0);
  });

  it('refuses more than 2 decimals and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage();
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '1.234');
    await submit(user, dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('at most 2 decimals');
    expect(requests(STORE)).toHaveLength(0);
  });

  it('fills the amount with the whole balance on "Max"', async () => {
    const user = userEvent.setup();
    renderPage();
    const dialog = await open(user, 'PayPal');
    await waitFor(() => expect(within(dialog).getByText('$12.34')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: /whole balance/ }));
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveValue(12.34);
  });
});

describe('sending a cashout (spec §7)', () => {
  it('posts the method, the amount as typed and the trimmed account with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage();
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, '  pat@example.com ', '3');
    await submit(user, dialog);
    await screen.findByRole('heading', { name: 'Cashout requested' });
    const [request] = requests(STORE);
    expect(await request!.clone().json()).toEqual({ wallet: 'paypal', amount: '3', account: 'pat@example.com' });
    expect(request!.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows "Processing..." while sending and does not send twice', async () => {
    const user = userEvent.setup();
    const answer = deferredResponse();
    const { requests } = renderPage(() => answer.promise);
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '3');
    await submit(user, dialog);
    const busy = within(dialog).getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(requests(STORE)).toHaveLength(1);
    answer.resolve(success());
    await screen.findByRole('heading', { name: 'Cashout requested' });
  });

  it('sends the same Idempotency-Key again when the same attempt is retried after no answer came', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { requests } = renderPage(() => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return success();
    });
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '3');
    await submit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    await submit(user, dialog);
    await screen.findByRole('heading', { name: 'Cashout requested' });
    const [first, retry] = requests(STORE).map((request) => request.headers.get(IDEMPOTENCY_HEADER));
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
  });

  it('uses a fresh Idempotency-Key when the values change', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage(() => {
      throw new TypeError('Failed to fetch');
    });
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '3');
    await submit(user, dialog);
    await within(dialog).findByRole('alert');
    await fill(user, dialog, 'pat@example.com', '4');
    await submit(user, dialog);
    await waitFor(() => expect(requests(STORE)).toHaveLength(2));
    const [first, second] = requests(STORE).map((request) => request.headers.get(IDEMPOTENCY_HEADER));
    expect(second).not.toBe(first);
  });

  it('uses a fresh Idempotency-Key after a refusal, even with the same values', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage(() => jsonResponse({ status: 'error', message: 'Insufficient balance' }, 422));
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '3');
    await submit(user, dialog);
    await within(dialog).findByRole('alert');
    await submit(user, dialog);
    await waitFor(() => expect(requests(STORE)).toHaveLength(2));
    const [first, second] = requests(STORE).map((request) => request.headers.get(IDEMPOTENCY_HEADER));
    expect(second).not.toBe(first);
  });
});

describe('cashout errors (spec §8)', () => {
  it("shows the server's message when it refuses the cashout", async () => {
    const user = userEvent.setup();
    renderPage(() => jsonResponse({ status: 'error', message: 'Insufficient balance' }, 422));
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '30');
    await submit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(within(dialog).getByRole('button', { name: 'Cashout Now' })).toBeEnabled();
  });

  it('shows "Verify your email before your first cashout." when the email is not verified yet (403 email_unverified)', async () => {
    const user = userEvent.setup();
    renderPage(() => jsonResponse({ status: 'error', code: 'email_unverified', message: 'Verify your email before your first cashout.' }, 403));
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '3');
    await submit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Verify your email before your first cashout.');
    expect(screen.queryByRole('dialog', { name: /blocked|disabled/i })).not.toBeInTheDocument();
  });

  it('shows "An error occurred. Please try again." when the network fails', async () => {
    const user = userEvent.setup();
    renderPage(() => {
      throw new TypeError('Failed to fetch');
    });
    const dialog = await open(user, 'Stake');
    await fill(user, dialog, 'ada_plays', '1');
    await submit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });

  it('shows "An error occurred. Please try again." for a server error', async () => {
    const user = userEvent.setup();
    renderPage(() => jsonResponse({ status: 'error', message: 'Internal Server Error' }, 500));
    const dialog = await open(user, 'Stake');
    await fill(user, dialog, 'ada_plays', '1');
    await submit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });
});

describe('a successful cashout (spec §2, §4)', () => {
  it("shows the server's message, the new balance and the status, then closes after 3 s", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage();
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '3');
    await submit(user, dialog);
    expect(await within(dialog).findByRole('heading', { name: 'Cashout requested' })).toHaveFocus();
    expect(within(dialog).getByText('Your cashout request has been received.')).toBeInTheDocument();
    expect(within(dialog).getByText('New balance').nextElementSibling).toHaveTextContent('$9.34');
    expect(within(dialog).getByText('pending')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(SUCCESS_MODAL_MS - 200));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refetches the stats: the cards show the new balance', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage();
    await waitFor(() => expect(requests('GET /Cashout/stats')).toHaveLength(1));
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '3');
    await submit(user, dialog);
    await screen.findByRole('heading', { name: 'Cashout requested' });
    await waitFor(() => expect(requests('GET /Cashout/stats')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const paypal = screen.getByRole('button', { name: 'Cash out with PayPal' }).closest('article')!;
    await waitFor(() => expect(within(paypal).getByText('$9.34')).toBeInTheDocument());
  });

  it("updates the navigation's balance without a reload (the session's wallet)", async () => {
    const user = userEvent.setup();
    const { store, requests } = renderPage();
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '3');
    await submit(user, dialog);
    await screen.findByRole('heading', { name: 'Cashout requested' });
    await waitFor(() => expect(store.getState().session.user?.wallet).toBe('9.34'));
    expect(requests('POST /user/Profile')).toHaveLength(1);
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('refetches nothing after a refusal', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage(() => jsonResponse({ status: 'error', message: 'Insufficient balance' }, 422));
    await waitFor(() => expect(requests('GET /Cashout/stats')).toHaveLength(1));
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '30');
    await submit(user, dialog);
    await within(dialog).findByRole('alert');
    expect(requests('GET /Cashout/stats')).toHaveLength(1);
    expect(requests('POST /user/Profile')).toHaveLength(0);
  });
});

describe('a risky cashout asks for a code (issue 31)', () => {
  const stepUp = (method: 'totp' | 'email') => () =>
    jsonResponse({ status: 'error', code: 'step_up_required', method, message: 'Enter the code we sent to confirm this cashout.' }, 403);

  /** Store answers a step-up until a body carries `step_up_code`, then `withCode`. */
  function stepUpThen(method: 'totp' | 'email', withCode: FakeAnswer = success): FakeAnswer {
    return async (request) => ((await request.clone().json()) as { step_up_code?: string }).step_up_code ? withCode(request) : stepUp(method)();
  }

  async function openCodeStep(user: UserEvent, store: FakeAnswer) {
    const rendered = renderPage(store);
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '60');
    await submit(user, dialog);
    await within(dialog).findByLabelText('Verification code');
    return { dialog, ...rendered };
  }

  it('asks for the code we emailed, in a one-time-code field that has the focus, and books nothing yet', async () => {
    const user = userEvent.setup();
    const { dialog, store } = await openCodeStep(user, stepUp('email'));
    expect(dialog).toHaveTextContent('Enter the code we sent to confirm this cashout.');
    expect(dialog).toHaveTextContent('$60.00 to pat@example.com');
    const code = within(dialog).getByLabelText('Verification code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAccessibleDescription('Enter the code we sent to confirm this cashout.');
    expect(within(dialog).getByRole('button', { name: 'Confirm cashout' })).toBeDisabled();
    expect(within(dialog).queryByRole('heading', { name: 'Cashout requested' })).not.toBeInTheDocument();
    expect(store.getState().ui.alert.isOpen).toBe(false);
  });

  it('asks an authenticator-app user for the code from the app', async () => {
    const user = userEvent.setup();
    const { dialog } = await openCodeStep(user, stepUp('totp'));
    expect(dialog).toHaveTextContent('Enter the 6-digit code from your authenticator app');
  });

  it('sends the same cashout again with step_up_code, under a new Idempotency-Key, and books it', async () => {
    const user = userEvent.setup();
    const { dialog, requests, bodies } = await openCodeStep(user, stepUpThen('totp'));
    const code = within(dialog).getByLabelText('Verification code');
    await user.type(code, '12 34-56');
    expect(code).toHaveValue('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cashout' }));
    expect(await within(dialog).findByRole('heading', { name: 'Cashout requested' })).toHaveFocus();
    const [first, second] = await bodies(STORE);
    expect(first).toEqual({ wallet: 'paypal', amount: '60', account: 'pat@example.com' });
    expect(second).toEqual({ wallet: 'paypal', amount: '60', account: 'pat@example.com', step_up_code: '123456' });
    const [firstKey, secondKey] = requests(STORE).map((request) => request.headers.get(IDEMPOTENCY_HEADER));
    expect(secondKey).not.toBe(firstKey);
  });

  it('shows "Invalid code." under the field for a wrong code, empties it, and takes the right one after', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const { dialog } = await openCodeStep(
      user,
      stepUpThen('email', () => {
        tries += 1;
        return tries === 1 ? jsonResponse({ status: 'error', message: 'Invalid code.' }, 422) : success();
      }),
    );
    const code = within(dialog).getByLabelText('Verification code');
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cashout' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid code.');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cashout' }));
    expect(await within(dialog).findByRole('heading', { name: 'Cashout requested' })).toBeInTheDocument();
  });

  it('goes Back to the form with what was typed, the focus on its first field', async () => {
    const user = userEvent.setup();
    const { dialog } = await openCodeStep(user, stepUp('email'));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    const account = within(dialog).getByLabelText('PayPal Email');
    expect(account).toHaveValue('pat@example.com');
    expect(account).toHaveFocus();
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveValue(60);
  });
});

describe('the first cashout waits for a verified email (issue 31)', () => {
  it('says so plainly, with what to do', async () => {
    const user = userEvent.setup();
    const { store } = renderPage(() =>
      jsonResponse({ status: 'error', code: 'email_unverified', message: 'Verify your email before your first cashout.' }, 403),
    );
    const dialog = await open(user, 'PayPal');
    await fill(user, dialog, 'pat@example.com', '3');
    await submit(user, dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Verify your email before your first cashout.');
    expect(alert).toHaveTextContent('banner at the top of the page');
    expect(within(dialog).queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(store.getState().ui.alert.isOpen).toBe(false);
  });
});
