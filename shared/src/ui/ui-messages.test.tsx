import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLocale } from '../translate/messages';
import { FederatedModule } from './federated-module';
import { ModalCloseButton } from './modal-frame';
import { PasswordField } from './password-field';
import { RetryNotice } from './retry-notice';

afterEach(() => act(() => switchLocale('en')));

function Password({ label }: { label: string }) {
  return <PasswordField label={label} value="" onChange={() => undefined} autoComplete="new-password" />;
}

describe('the shared UI’s words', () => {
  it('name the password toggle after its field, inside the sentence in English', async () => {
    const user = userEvent.setup();
    render(<Password label="New password" />);
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByRole('button', { name: 'Hide new password' })).toBeInTheDocument();
  });

  it('are German after switchLocale("de"): nouns keep their capitals', async () => {
    await act(() => switchLocale('de'));
    const user = userEvent.setup();
    render(
      <>
        <Password label="Neues Passwort" />
        <RetryNotice placement="floating" message="x" onRetry={() => undefined} onDismiss={() => undefined} />
        <ModalCloseButton onClose={() => undefined}>×</ModalCloseButton>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Neues Passwort anzeigen' }));
    expect(screen.getByRole('button', { name: 'Neues Passwort verbergen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Schließen' })).toHaveLength(2);
  });

  it('say in German which area could not load', async () => {
    await act(() => switchLocale('de'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader = () => Promise.reject(new Error('offline'));
    render(<FederatedModule exposed="mf_earn/partner-walls" label="Partner-Angebote" loader={loader} />);
    expect(await screen.findByText('Partner-Angebote konnte nicht geladen werden. Bitte versuche es gleich noch einmal.')).toBeInTheDocument();
  });
});
