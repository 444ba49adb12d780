import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { LANDING } from '../../test/landing';
import { ReviewSlider } from './review-slider';
import { slidesPerView } from './slides-per-view';

const REVIEWS = LANDING.reviews.items.slice(0, 6);

/** A window `width` px wide, as far as media queries go (jsdom has no layout). */
function viewport(width: number) {
  window.matchMedia = ((query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return { matches: width >= min, media: query, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
}

describe('review slider (spec §2: 3 slides from 600 px, 2 below 600, 1 below 480)', () => {
  it.each([
    [1280, 3],
    [600, 3],
    [599, 2],
    [480, 2],
    [479, 1],
    [390, 1],
  ])('shows %i px wide: %i reviews at a time', (width, perView) => {
    expect(slidesPerView(width)).toBe(perView);
  });

  it.each([
    [1280, 3, 2],
    [800, 3, 2],
    [600, 3, 2],
    [480, 2, 3],
    [390, 1, 6],
  ])('at %i px shows %i of the 6 reviews and %i dots', (width, perView, dots) => {
    viewport(width);
    renderWithProviders(<ReviewSlider reviews={REVIEWS} />);
    const carousel = screen.getByRole('region', { name: 'Member reviews' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel).getAllByRole('group', { hidden: true }).filter((group) => group.getAttribute('aria-roledescription') === 'slide');
    expect(slides).toHaveLength(6);
    expect(slides[0]).toHaveAccessibleName('1 of 6');
    expect(within(carousel).getAllByRole('group', { name: /of 6$/ })).toHaveLength(perView);
    expect(within(screen.getByRole('group', { name: 'Choose reviews to show' })).getAllByRole('button')).toHaveLength(dots);
  });

  it('moves with the dots, the arrow buttons and the arrow keys; it never moves by itself', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    viewport(1280);
    renderWithProviders(<ReviewSlider reviews={REVIEWS} />);
    const visible = () => screen.getAllByRole('group', { name: /of 6$/ }).map((slide) => slide.getAttribute('aria-label'));
    expect(visible()).toEqual(['1 of 6', '2 of 6', '3 of 6']);
    jest.advanceTimersByTime(60_000);
    expect(visible()).toEqual(['1 of 6', '2 of 6', '3 of 6']);

    await user.click(screen.getByRole('button', { name: 'Show reviews 4 to 6' }));
    expect(visible()).toEqual(['4 of 6', '5 of 6', '6 of 6']);
    expect(screen.getByRole('button', { name: 'Show reviews 4 to 6' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Next reviews' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Previous reviews' }));
    expect(visible()).toEqual(['1 of 6', '2 of 6', '3 of 6']);

    screen.getByRole('button', { name: 'Next reviews' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(visible()).toEqual(['4 of 6', '5 of 6', '6 of 6']);
    await user.keyboard('{ArrowLeft}');
    expect(visible()).toEqual(['1 of 6', '2 of 6', '3 of 6']);
    jest.useRealTimers();
  });

  it('shows each review with its stars, title, text, author and when', () => {
    viewport(1280);
    renderWithProviders(<ReviewSlider reviews={REVIEWS} />);
    const first = screen.getByRole('group', { name: '1 of 6' });
    expect(within(first).getByRole('img', { name: `${REVIEWS[0]!.stars} out of 5 stars` })).toBeInTheDocument();
    expect(within(first).getByRole('heading', { name: REVIEWS[0]!.title })).toBeInTheDocument();
    expect(first).toHaveTextContent(REVIEWS[0]!.user);
    expect(first).toHaveTextContent(REVIEWS[0]!.timeAgo);
  });
});
