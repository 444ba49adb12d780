import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import ContestPage from './contest-page';

describe('contest page (spec §2)', () => {
  it('shows the weekly $500, monthly $250 and special $100 contests, the weekly leaders and the rules', () => {
    renderWithProviders(<ContestPage />);
    const contests = screen.getAllByRole('heading', { level: 2 }).slice(0, 3);
    expect(contests.map((heading) => [heading.textContent, heading.nextElementSibling?.textContent])).toEqual([
      ['Weekly Contest', '$500'],
      ['Monthly Contest', '$250'],
      ['Special Contest', '$100'],
    ]);
    expect(within(screen.getByRole('region', { name: "This week's leaders" })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('region', { name: 'Rules' })).toHaveTextContent('One account per person');
  });

  it('Join Contest only says that entry opens soon', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContestPage />);
    const [first] = screen.getAllByRole('button', { name: 'Join Contest' });
    await user.click(first!);
    expect(screen.getAllByRole('status').filter((status) => status.textContent)).toHaveLength(1);
    expect(screen.getByText('Contest entry opens soon. Keep earning: everything you earn from now on will count.')).toBeInTheDocument();
  });
});
