import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import SiteFooter from './site-footer';

describe('site footer (spec §2: language, social and legal links)', () => {
  it('is the page footer, with the language selector on English', () => {
    renderWithProviders(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('English');
  });

  it.each(['Twitter', 'Facebook', 'Instagram', 'Discord', 'YouTube', 'TikTok'])('links to %s, named for screen readers, in a new tab', (network) => {
    renderWithProviders(<SiteFooter />);
    const link = screen.getByRole('link', { name: `Earnly on ${network}` });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links to every help, company and legal page of the site', () => {
    renderWithProviders(<SiteFooter />);
    const paths = screen
      .getAllByRole('navigation')
      .flatMap((nav) => within(nav).getAllByRole('link'))
      .map((link) => link.getAttribute('href'));
    expect(paths).toEqual(['/faq', '/contact', '/about-us', '/affiliates', '/advertisers', '/careers', '/press', '/terms', '/privacy', '/cookies']);
  });
});
