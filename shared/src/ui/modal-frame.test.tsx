import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalCloseButton, ModalFrame } from './modal-frame';

function Dialog({ onClose, portal }: { onClose: () => void; portal?: boolean }) {
  return (
    <ModalFrame labelledBy="frame-title" describedBy="frame-lead" onClose={onClose} dialogClassName="own" portal={portal}>
      <h2 id="frame-title">Cash out</h2>
      <p id="frame-lead">Pick a method.</p>
      <ModalCloseButton onClose={onClose}>×</ModalCloseButton>
      <input aria-label="Amount" data-autofocus />
    </ModalFrame>
  );
}

describe('modal frame', () => {
  it('is a modal dialog named by its heading and described by its lead', () => {
    render(<Dialog onClose={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Cash out' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Pick a method.');
    expect(dialog).toHaveClass('dialog', 'own');
  });

  it('moves focus inside and closes on Escape', async () => {
    const onClose = jest.fn();
    render(<Dialog onClose={onClose} />);
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the Close button and a press on the backdrop, not a press inside', async () => {
    const onClose = jest.fn();
    render(<Dialog onClose={onClose} />);
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('holds the page still while open', () => {
    document.body.style.overflow = 'auto';
    const { unmount } = render(<Dialog onClose={jest.fn()} />);
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('can render into document.body, outside its mount point', () => {
    const { container } = render(<Dialog onClose={jest.fn()} portal />);
    expect(container).toBeEmptyDOMElement();
    expect(document.body).toContainElement(screen.getByRole('dialog'));
  });
});
