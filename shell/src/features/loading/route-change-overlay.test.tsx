import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@rewards/shared/router';
import { ROUTE_LOADER_MS } from '@rewards/shared/constants';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { RouteChangeOverlay } from './route-change-overlay';

function renderWithLinks() {
  return renderWithProviders(
    <>
      <Link to="/offers">Offers</Link>
      <Link to="/offers?page=2">Next page</Link>
      <RouteChangeOverlay />
    </>,
    { route: '/Earn' },
  );
}

describe('route change loading overlay', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is not shown on the first page of a visit', () => {
    renderWithLinks();
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
  });

  it(`shows on a route change and hides after ${ROUTE_LOADER_MS} ms`, async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithLinks();
    await user.click(screen.getByRole('link', { name: 'Offers' }));
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(ROUTE_LOADER_MS - 50));
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(50));
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
  });

  it('does not take focus', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithLinks();
    const link = screen.getByRole('link', { name: 'Offers' });
    await user.click(link);
    expect(link).toHaveFocus();
  });

  it('does not show when only the query changes', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithLinks();
    await user.click(screen.getByRole('link', { name: 'Offers' }));
    act(() => jest.advanceTimersByTime(ROUTE_LOADER_MS));
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
  });
});
