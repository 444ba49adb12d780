import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import FaqPage from './faq-page';

describe('FAQ page (spec §2)', () => {
  it('lists the 10 questions as an accordion, one answer open at a time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />);
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'How old do I have to be?' }));
    expect(screen.getByRole('region', { name: 'How old do I have to be?' })).toHaveTextContent('The minimum age is 13.');
    await user.click(screen.getByRole('button', { name: 'How does the referral program work?' }));
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(screen.getByRole('region')).toHaveTextContent('5% of the lifetime earnings');
  });

  it('has a Contact Support link to /contact', () => {
    renderWithProviders(<FaqPage />);
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });
});
