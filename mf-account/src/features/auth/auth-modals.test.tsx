import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { closeAuth, openAuth } from '@rewards/shared/store/ui-slice';
import { withUi } from '../../test/ui-state';
import AuthModals from './auth-modals';

function renderAuthModals(modal: 'signin' | 'signup') {
  const onClose = jest.fn();
  const rendered = renderWithProviders(<AuthModals onClose={onClose} />, { preloadedState: withUi({ authModal: modal }) });
  return { onClose, ...rendered };
}

describe('auth modals (exposed as mf_account/auth-modals)', () => {
  it('shows the sign-in modal as a modal dialog named "Sign in"', () => {
    renderAuthModals('signin');
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  it('shows the sign-up modal when the store asks for sign-up', () => {
    renderAuthModals('signup');
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('switches to sign-up with "Sign up" and back with "Sign in", through the store', async () => {
    const user = userEvent.setup();
    const { store } = renderAuthModals('signin');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(store.getState().ui.authModal).toBe('signup');
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.getState().ui.authModal).toBe('signin');
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('follows the store when another part of the site asks for the other modal', () => {
    const { store } = renderAuthModals('signin');
    act(() => {
      store.dispatch(openAuth('signup'));
    });
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    act(() => {
      store.dispatch(closeAuth());
    });
    // The shell unmounts the slot once closed; until then sign-in is the default.
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('puts the focus in the first field', () => {
    renderAuthModals('signin');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderAuthModals('signin');
    const closeButton = screen.getByRole('button', { name: 'Close' });
    closeButton.focus();
    await user.tab({ shift: true });
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = renderAuthModals('signin');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('closes with the close button', async () => {
    const user = userEvent.setup();
    const { onClose } = renderAuthModals('signup');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
