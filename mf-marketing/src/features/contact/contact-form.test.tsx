import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { fakeApi, fail, networkDown } from '@rewards/shared/test/fake-api';
import { switchLocale } from '@rewards/shared/translate/messages';
import { provideErrorMessages } from '@rewards/shared/translate/api-errors';
import type { ContactContent } from '@rewards/shared/content/content-schemas';
import contact from '../../../content/contact.json';
import { ContactForm } from './contact-form';
import { validateContact } from './contact-validation';

const CONTENT = contact as ContactContent;
const VALID = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Missing credit', message: 'My reward has not arrived.' };

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof VALID> = VALID) {
  if (values.name) await user.type(screen.getByRole('textbox', { name: 'Full name' }), values.name);
  if (values.email) await user.type(screen.getByRole('textbox', { name: 'Email' }), values.email);
  if (values.subject) await user.type(screen.getByRole('textbox', { name: 'Subject' }), values.subject);
  if (values.message) await user.type(screen.getByRole('textbox', { name: 'Message' }), values.message);
}

describe('contact form (spec §2, §5, §8)', () => {
  // The shell's catalog of API error codes, as it provides it (here only the code these tests need), before any
  // test loads the catalog of a language: a language's catalog loads once.
  beforeAll(() =>
    provideErrorMessages(async (locale) => ({ too_long: locale === 'de' ? 'Verwende höchstens {max} Zeichen.' : 'Use at most {max} characters.' })),
  );

  afterEach(() => jest.restoreAllMocks());

  it('requires all four fields and sends nothing until they are filled', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<ContactForm content={CONTENT} />);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email format', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<ContactForm content={CONTENT} />);
    await fill(user, { ...VALID, email: 'ada@example' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(validateContact({ ...VALID, email: 'ada example@x.io' }).email).toBe('contact.invalid.email');
    expect(validateContact({ ...VALID, name: '   ' }).name).toBe('contact.required.name');
    expect(validateContact(VALID)).toEqual({});
  });

  it('posts the message, reads "Sending..." while it waits, then "Message Sent!"', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = fakeApi({ 'POST /contact': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm content={CONTENT} />);
    await fill(user, { ...VALID, name: '  Ada Lovelace ' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(new Response(JSON.stringify({ status: 'success', message: 'Message Sent!' }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByRole('heading', { name: 'Message Sent!' })).toBeInTheDocument();
    expect(await api.bodies('POST /contact')).toEqual([VALID]);
  });

  it.each([
    ['the server fails', fail(500, { status: 'error', message: 'Internal server error' })],
    ['the network is down', networkDown()],
  ])('says "Failed to send message. Please try again later." when %s, and keeps what was typed', async (_label, answer) => {
    fakeApi({ 'POST /contact': answer });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm content={CONTENT} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again later.');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(VALID.message);
  });

  it("shows the server's field messages of a 422 under their fields", async () => {
    fakeApi({ 'POST /contact': fail(422, { status: 'error', message: 'x', errors: { subject: ['The subject contains characters that are not allowed.'] } }) });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm content={CONTENT} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('The subject contains characters that are not allowed.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why when there were too many messages', async () => {
    fakeApi({ 'POST /contact': fail(429, { status: 'error', message: 'Too many attempts. Please wait a minute and try again.' }) });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm content={CONTENT} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.');
  });

  it('labels its fields and says what is missing in German', async () => {
    await act(() => switchLocale('de'));
    try {
      const api = fakeApi({});
      const user = userEvent.setup();
      renderWithProviders(<ContactForm content={CONTENT} />);
      await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'not an address');
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      expect(screen.getByText('Bitte gib deinen vollständigen Namen ein.')).toBeInTheDocument();
      expect(screen.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Vollständiger Name' })).toHaveFocus();
      expect(api.fetchMock).not.toHaveBeenCalled();
    } finally {
      await act(() => switchLocale('en'));
    }
  });

  it("words the server's field errors by their codes in the page's language, else in the server's words", async () => {
    await act(() => switchLocale('de'));
    try {
      fakeApi({
        'POST /contact': fail(422, {
          status: 'error',
          code: 'validation_failed',
          message: 'The subject may not be greater than 200 characters.',
          errors: { subject: ['The subject may not be greater than 200 characters.'], message: ['The message has a character that is not allowed.'] },
          field_codes: { subject: [{ code: 'too_long', params: { max: 200 } }], message: [{ code: 'not_a_code_this_page_knows' }] },
        }),
      });
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<ContactForm content={CONTENT} />);
      await user.type(screen.getByRole('textbox', { name: 'Vollständiger Name' }), VALID.name);
      await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), VALID.email);
      await user.type(screen.getByRole('textbox', { name: 'Betreff' }), VALID.subject);
      await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), VALID.message);
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      expect(await screen.findByText('Verwende höchstens 200 Zeichen.', {}, { timeout: 3000 })).toBeInTheDocument();
      expect(screen.getByText('The message has a character that is not allowed.')).toBeInTheDocument();
    } finally {
      await act(() => switchLocale('en'));
    }
  });
});
