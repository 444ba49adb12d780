import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from '@rewards/shared/router';
import { render } from '@testing-library/react';
import { makeStore } from '@rewards/shared/store/store';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { switchLocale } from '@rewards/shared/translate/messages';
import { LocationProbe } from '../test/location-probe';
import { NotFoundPage } from './not-found-page';

function renderPage() {
  return renderWithProviders(
    <>
      <NotFoundPage />
      <LocationProbe />
    </>,
    { route: '/no-such-page' },
  );
}

describe('not-found page', () => {
  it('is German, its title and description too, after switchLocale("de")', async () => {
    renderPage();
    await act(() => switchLocale('de'));
    try {
      expect(screen.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
      expect(document.title).toBe('Seite nicht gefunden | Earnly');
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Diese Seite gibt es nicht/);
      expect(within(screen.getByRole('navigation', { name: 'Nützliche Links' })).getByRole('link', { name: 'Über uns' })).toHaveAttribute('href', '/about-us');
    } finally {
      await act(() => switchLocale('en'));
    }
  });

  it('says "Page not found" in its heading and its title, and asks not to be indexed', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Earnly');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it.each([
    ['Offers', '/offers'],
    ['My offers', '/my-offers'],
    ['Profile', '/Profile'],
    ['Cashout', '/Cashout'],
    ['FAQ', '/faq'],
    ['Contact', '/contact'],
    ['About us', '/about-us'],
    ['Terms', '/terms'],
  ])('links to %s (%s)', (name, href) => {
    renderPage();
    const links = screen.getByRole('navigation', { name: 'Helpful links' });
    expect(within(links).getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('Go Home goes to /', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('Browse Offers goes to /offers', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Browse Offers' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/offers');
  });

  it('Go Back returns to the previous page', async () => {
    const user = userEvent.setup();
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/Cashout', '/no-such-page']} initialIndex={1}>
          <NotFoundPage />
          <LocationProbe />
        </MemoryRouter>
      </Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/Cashout');
  });
});
