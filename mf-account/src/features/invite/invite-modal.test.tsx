import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import InviteModal from './invite-modal';

const LINK = 'http://localhost/ref/ABC123';

function renderInvite() {
  return renderWithProviders(<InviteModal onClose={jest.fn()} />, { preloadedState: signedInState({ referral_code: 'ABC123' }) });
}

describe('invite friends modal (spec §2)', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('is a modal dialog "Invite friends" that offers 5% of friends\' earnings', () => {
    renderInvite();
    expect(screen.getByRole('dialog', { name: 'Invite friends' })).toHaveAccessibleDescription(
      "Share your link and earn 5% of your friends' earnings.",
    );
  });

  it("shows the user's own referral link", () => {
    renderInvite();
    expect(screen.getByLabelText('Your referral link')).toHaveValue(LINK);
  });

  it('copies the link and shows "Copied!" for 2 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderInvite();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    await act(async () => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTimeAsync(1_999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('falls back to the copy command when the Clipboard API refuses', async () => {
    const user = userEvent.setup();
    renderInvite();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('not allowed'));
    const execCommand = jest.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });

  it.each([
    ['WhatsApp', `https://wa.me/?text=`],
    ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(LINK)}`],
    ['Telegram', `https://t.me/share/url?url=${encodeURIComponent(LINK)}&text=`],
  ])('shares on %s in a new tab', (name, start) => {
    renderInvite();
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toContain(start);
    expect(link.getAttribute('href')).toContain(encodeURIComponent(LINK));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
