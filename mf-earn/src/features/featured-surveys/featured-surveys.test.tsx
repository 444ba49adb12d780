import { render, screen } from '@testing-library/react';
import FeaturedSurveys from './featured-surveys';

describe('Featured Surveys teaser (spec §2)', () => {
  it('shows locked samples with "20 Surveys are locked" and how to unlock them', () => {
    render(<FeaturedSurveys />);
    expect(screen.getByRole('heading', { level: 2, name: 'Featured Surveys' })).toBeInTheDocument();
    expect(screen.getByText('20 Surveys are locked')).toBeInTheDocument();
    expect(screen.getByText('complete your 1 available Surveys, to unlock all Surveys')).toBeInTheDocument();
  });

  it('offers nothing to click on the locked samples', () => {
    render(<FeaturedSurveys />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
