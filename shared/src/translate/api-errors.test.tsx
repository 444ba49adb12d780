import { act, render, screen, waitFor } from '@testing-library/react';
import { provideErrorMessages, refusalOf, useApiErrorText, type ApiRefusal } from './api-errors';
import { switchLocale } from './messages';

const WORDS: Record<string, Record<string, string>> = {
  en: { invalid_credentials: 'Email or password is incorrect', ticket_too_early: 'Wait {hours, plural, one {# hour} other {# hours}}.' },
  de: { invalid_credentials: 'E-Mail-Adresse oder Passwort ist falsch', ticket_too_early: 'Warte {hours, plural, one {# Stunde} other {# Stunden}}.' },
};
const asked: string[] = [];
provideErrorMessages(async (locale) => {
  asked.push(locale);
  return WORDS[locale] ?? {};
});

function Refusal({ refusal, loadWhenShown = false }: { refusal: ApiRefusal | null; loadWhenShown?: boolean }) {
  const errorText = useApiErrorText({ loadWhenShown });
  return <p role="alert">{errorText(refusal, 'Something went wrong')}</p>;
}

afterEach(() => act(() => switchLocale('en')));

describe('an API refusal in the page’s language', () => {
  it('asks for the codes’ words only when a refusal is shown (loadWhenShown), then shows its translation with its values', async () => {
    await act(() => switchLocale('de'));
    expect(asked).toEqual([]);
    const { rerender } = render(<Refusal refusal={null} loadWhenShown />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(asked).toEqual([]);
    rerender(<Refusal refusal={{ code: 'invalid_credentials', message: 'Email or password is incorrect' }} loadWhenShown />);
    expect(await screen.findByText('E-Mail-Adresse oder Passwort ist falsch')).toBeInTheDocument();
    expect(asked).toEqual(['de']);
    rerender(<Refusal refusal={{ code: 'ticket_too_early', params: { hours: 2 }, message: 'Wait 2 hours.' }} loadWhenShown />);
    expect(screen.getByRole('alert')).toHaveTextContent('Warte 2 Stunden.');
  });

  it('by default asks for them as the component appears, before any refusal', async () => {
    asked.length = 0;
    await act(() => switchLocale('fr'));
    render(<Refusal refusal={null} />);
    await waitFor(() => expect(asked).toEqual(['fr']));
  });

  it('follows a change of language once asked for, and falls back to the API’s words', async () => {
    render(<Refusal refusal={{ code: 'invalid_credentials', message: 'Email or password is incorrect' }} />);
    await act(() => switchLocale('de'));
    expect(await screen.findByText('E-Mail-Adresse oder Passwort ist falsch')).toBeInTheDocument();
    await act(() => switchLocale('en'));
    expect(screen.getByRole('alert')).toHaveTextContent('Email or password is incorrect');
    render(<Refusal refusal={{ code: 'no_such_code', message: 'The API’s own words' }} />);
    expect(screen.getByText('The API’s own words')).toBeInTheDocument();
    // A message naming a value the answer lacks reads as the API wrote it.
    render(<Refusal refusal={{ code: 'ticket_too_early', message: 'Wait a while.' }} />);
    expect(screen.getByText('Wait a while.')).toBeInTheDocument();
  });
});

describe('what a failed call says (refusalOf)', () => {
  const schemaRefusal = {
    status: 422,
    code: 'validation_failed',
    message: 'The password must be at least 8 characters.',
    errors: { password: ['The password must be at least 8 characters.'] },
    fieldCodes: { password: [{ code: 'too_short' as const, params: { min: 8 } }] },
  };

  it('words a schema’s refusal by its first field’s problem, which says what is wrong', () => {
    expect(refusalOf(schemaRefusal)).toEqual({ code: 'too_short', params: { min: 8 }, message: 'The password must be at least 8 characters.' });
    expect(refusalOf({ ...schemaRefusal, fieldCodes: undefined })).toEqual({ message: 'The password must be at least 8 characters.' });
  });

  it('keeps a named refusal’s own code and values, with its first field error as the message when it has none', () => {
    expect(refusalOf({ status: 429, code: 'daily_limit_reached', params: { limit: '$5.00' }, message: 'Daily withdrawal limit of $5.00 reached.' })).toEqual({
      code: 'daily_limit_reached',
      params: { limit: '$5.00' },
      message: 'Daily withdrawal limit of $5.00 reached.',
    });
    expect(refusalOf({ status: 422, code: 'email_taken', errors: { email: ['The email has already been taken.'] } })).toEqual({
      code: 'email_taken',
      params: undefined,
      message: 'The email has already been taken.',
    });
  });
});
