import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_RESTRICTION_ALERTS } from '@rewards/shared/api/account-restriction';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { showAlert, type AlertType } from '@rewards/shared/store/ui-slice';
import { sampleUser, signedInState } from '@rewards/shared/test/sample-user';
import { LocationProbe } from '../../test/location-probe';
import { provideErrorMessages } from '@rewards/shared/translate/api-errors';
import { switchLocale } from '@rewards/shared/translate/messages';
import { AlertModal } from './alert-modal';

function renderModal(route = '/Earn') {
  return renderWithProviders(
    <>
      <button type="button">Before</button>
      <AlertModal />
      <LocationProbe />
    </>,
    { preloadedState: signedInState(), route },
  );
}

describe('alert modal', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('is closed until something is shown', () => {
    renderModal();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each<AlertType>(['blocked', 'pending', 'success', 'warning', 'info'])(
    'shows a %s alert with its title, message and OK, focused',
    (type) => {
      const { store } = renderModal();
      act(() => {
        store.dispatch(showAlert({ type, title: `A ${type} title`, message: `A ${type} message` }));
      });
      const dialog = screen.getByRole('alertdialog', { name: `A ${type} title` });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(dialog).toHaveAttribute('data-alert-type', type);
      expect(dialog).toHaveAccessibleDescription(`A ${type} message`);
      expect(dialog.className).toContain(type);
      expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    },
  );

  it('OK on a success alert closes it and stays on the page', async () => {
    const user = userEvent.setup();
    const { store } = renderModal();
    act(() => {
      store.dispatch(showAlert({ type: 'success', title: 'Done', message: 'Saved.' }));
    });
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/Earn');
  });

  it('OK on "Your account has been blocked." removes the stored user and goes to /', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user', JSON.stringify(sampleUser()));
    const { store } = renderModal('/Earn');
    act(() => {
      store.dispatch(showAlert(ACCOUNT_RESTRICTION_ALERTS.account_blocked));
    });
    expect(screen.getByRole('alertdialog', { name: 'Your account has been blocked.' })).toHaveTextContent(
      'If you dont know the reason, please contact support.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(store.getState().session.status).toBe('unauthenticated');
  });

  it('Escape does what OK does', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user', JSON.stringify(sampleUser()));
    const { store } = renderModal('/Earn');
    act(() => {
      store.dispatch(showAlert(ACCOUNT_RESTRICTION_ALERTS.account_blocked));
    });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('keeps focus inside while open and returns it when closed', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { store } = renderModal();
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    act(() => {
      store.dispatch(showAlert(ACCOUNT_RESTRICTION_ALERTS.account_pending));
    });
    const ok = screen.getByRole('button', { name: 'OK' });
    await user.tab();
    expect(ok).toHaveFocus();
    await user.tab({ shift: true });
    expect(ok).toHaveFocus();
    await user.click(ok);
    expect(before).toHaveFocus();
  });

  describe('in German', () => {
    beforeAll(() => provideErrorMessages((locale) => import(`../../errors/messages/${locale}.json`).then((module: { default: Record<string, string> }) => module.default)));
    beforeEach(() => act(() => switchLocale('de')));
    afterEach(() => act(() => switchLocale('en')));

    it.each([
      ['account_blocked', 'Dein Konto wurde gesperrt.'],
      ['account_pending', 'Das Konto wurde vorübergehend deaktiviert.'],
    ] as const)('words %s by its code, and the support line, in the page’s language', async (code, title) => {
      jest.spyOn(console, 'info').mockImplementation(() => undefined);
      const { store } = renderModal();
      act(() => {
        store.dispatch(showAlert(ACCOUNT_RESTRICTION_ALERTS[code]));
      });
      expect(await screen.findByRole('alertdialog', { name: title })).toHaveTextContent('Wenn du den Grund nicht kennst, wende dich an den Support.');
    });
  });
});
