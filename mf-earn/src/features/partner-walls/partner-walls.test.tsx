import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@rewards/shared/constants';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { sampleUser } from '@rewards/shared/test/sample-user';
import PartnerWalls from './partner-walls';

function renderForWallet(wallet: string | null) {
  const user = wallet === null ? null : sampleUser({ wallet });
  return renderWithProviders(<PartnerWalls />, {
    preloadedState: { session: { status: user ? 'authenticated' : 'unauthenticated', user } },
  });
}

function row(name: string) {
  return screen.getByRole('list', { name });
}

describe('partner walls (spec §2, §4)', () => {
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('shows 14 offer-wall partners and 4 survey-wall partners', () => {
    renderForWallet('0.00');
    expect(within(row('Offer Partners')).getAllByRole('button')).toHaveLength(14);
    expect(within(row('Survey Partners')).getAllByRole('button')).toHaveLength(4);
  });

  it('at level 1 ($12.34) opens Offery and Excentiv, and locks Gleamads ("Level 2 required") and Notik', () => {
    renderForWallet('12.34');
    const surveys = within(row('Survey Partners'));
    expect(surveys.getByRole('button', { name: 'Open the Offery wall' })).not.toHaveAttribute('aria-disabled');
    expect(surveys.getByRole('button', { name: 'Open the Excentiv wall' })).not.toHaveAttribute('aria-disabled');
    const gleamads = surveys.getByRole('button', { name: 'Gleamads, Level 2 required' });
    expect(gleamads).toHaveAttribute('aria-disabled', 'true');
    expect(within(gleamads).getByText('Level 2 required')).toBeInTheDocument();
    expect(surveys.getByText('Level 3 required')).toBeInTheDocument();
  });

  it('locks every survey partner when signed out (level 0) but keeps offer walls open', () => {
    renderForWallet(null);
    expect(within(row('Survey Partners')).getAllByRole('button', { name: /required$/ })).toHaveLength(4);
    expect(within(row('Offer Partners')).queryAllByRole('button', { name: /required$/ })).toHaveLength(0);
  });

  it('asks a visitor to sign up instead of opening a wall that would credit the default id 1', async () => {
    const { store } = renderForWallet(null);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open the Bloomtask wall' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.authModal).toBe('signup');
  });

  it('does nothing when a locked partner is clicked', async () => {
    renderForWallet('12.34');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Gleamads, Level 2 required' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the wall in a sandboxed frame addressed with the user id from local storage ID', async () => {
    localStorage.setItem(STORAGE_KEYS.userId, '42');
    renderForWallet('12.34');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open the Offery wall' }));
    // The wall's dialog is a chunk of its own, loaded on the first opening.
    const dialog = await screen.findByRole('dialog', { name: 'Offery' });
    const frame = within(dialog).getByTitle('Offery wall');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(frame).toHaveAttribute('src', '/api/walls/offery?user_id=42');
  });

  it("addresses the wall with user id '1' when local storage has none", async () => {
    renderForWallet('0.00');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open the Bloomtask wall' }));
    expect(await screen.findByTitle('Bloomtask wall')).toHaveAttribute('src', '/api/walls/bloomtask?user_id=1');
  });

  it('opens the wall in a new page from the modal', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderForWallet('0.00');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the Questlane wall' }));
    await user.click(await screen.findByRole('button', { name: 'Open in new page' }));
    expect(open).toHaveBeenCalledWith('/api/walls/questlane?user_id=1', '_blank', 'noopener,noreferrer');
  });

  it('closes the wall with Escape and with the close button', async () => {
    renderForWallet('0.00');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the Tapmeadow wall' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the Tapmeadow wall' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open a wall when the row was dragged more than 5 px', () => {
    renderForWallet('0.00');
    const card = screen.getByRole('button', { name: 'Open the Fernpoint wall' });
    fireEvent.mouseDown(card, { clientX: 300, button: 0 });
    fireEvent.mouseMove(window, { clientX: 290 });
    fireEvent.mouseUp(window, { clientX: 290 });
    fireEvent.click(card);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('scrolls a row by 60 % of its visible width with the arrows', async () => {
    const scrollBy = jest.fn();
    HTMLElement.prototype.scrollBy = scrollBy as unknown as HTMLElement['scrollBy'];
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    renderForWallet('0.00');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Scroll Offer Partners right' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: 600, behavior: 'smooth' });
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
  });
});
