import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { Accordion } from './accordion';

const ITEMS = [
  { question: 'How do I earn?', answer: 'Complete offers.' },
  { question: 'How much can I earn?', answer: 'There is no upper limit.' },
  { question: 'Is it free?', answer: 'Yes, see the [Terms](/terms).' },
];

describe('Accordion (WAI-ARIA accordion, one answer open at a time)', () => {
  it('starts with every answer closed: buttons with aria-expanded=false controlling hidden regions', () => {
    renderWithProviders(<Accordion items={ITEMS} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(3);
    for (const button of buttons) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(document.getElementById(button.getAttribute('aria-controls')!)).not.toBeVisible();
    }
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('opens an answer as a region named by its question, and closes the open one when another opens', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Accordion items={ITEMS} />);
    await user.click(screen.getByRole('button', { name: 'How do I earn?' }));
    expect(screen.getByRole('button', { name: 'How do I earn?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How do I earn?' })).toHaveTextContent('Complete offers.');

    await user.click(screen.getByRole('button', { name: 'How much can I earn?' }));
    expect(screen.getByRole('button', { name: 'How do I earn?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'How much can I earn?' })).toHaveTextContent('There is no upper limit.');
  });

  it('closes the open answer when its question is pressed again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Accordion items={ITEMS} />);
    await user.click(screen.getByRole('button', { name: 'Is it free?' }));
    await user.click(screen.getByRole('button', { name: 'Is it free?' }));
    expect(screen.getByRole('button', { name: 'Is it free?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('opens with the keyboard and moves between questions with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Accordion items={ITEMS} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'How do I earn?' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'How much can I earn?' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'How much can I earn?' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Is it free?' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'How do I earn?' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Home}');
    expect(screen.getByRole('button', { name: 'How do I earn?' })).toHaveFocus();
  });

  it('turns [label](/path) in an answer into a link inside the site', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Accordion items={ITEMS} />);
    await user.click(screen.getByRole('button', { name: 'Is it free?' }));
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  });
});
