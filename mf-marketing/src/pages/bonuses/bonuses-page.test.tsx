import { render, screen } from '@testing-library/react';
import BonusesPage from './bonuses-page';

describe('Quests page (/bonuses)', () => {
  it('shows the heading "Quests" and an image with alt text', () => {
    render(<BonusesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Quests' })).toBeInTheDocument();
    const image = screen.getByRole('img');
    expect(image).toHaveAccessibleName(/treasure chest/i);
    expect(image).toHaveAttribute('src');
  });
});
