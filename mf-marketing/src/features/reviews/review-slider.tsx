import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { ArrowIcon, StarRow } from '../../ui/icons';
import { GeneratedAvatar } from '../../ui/generated-avatar';
import { useT } from '../../pages/messages';
import { useSlidesPerView } from './slides-per-view';
import styles from './review-slider.module.css';

type Review = LandingContent['reviews']['items'][number];

/**
 * The review slider (spec §2): 3, 2 or 1 reviews in view by width, dots, no autoplay; swipe or drag (Embla),
 * the arrow buttons, or the arrow keys while it has focus. Marked up as the WAI-ARIA carousel pattern.
 */
export function ReviewSlider({ reviews }: { reviews: readonly Review[] }) {
  const t = useT();
  const perView = useSlidesPerView();
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', slidesToScroll: perView, containScroll: 'trimSnaps' });
  const [selected, setSelected] = useState(0);
  const pages = Math.ceil(reviews.length / perView);

  useEffect(() => {
    if (!embla) return undefined;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const goTo = useCallback(
    (page: number) => {
      const target = Math.max(0, Math.min(pages - 1, page));
      setSelected(target);
      embla?.scrollTo(target);
    },
    [embla, pages],
  );

  useEffect(() => {
    // A change of width changes the pages: stay on a page that exists (and scroll the carousel there).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- only when the page count shrinks, not on every render
    if (selected > pages - 1) goTo(pages - 1);
  }, [pages, selected, goTo]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowRight') goTo(selected + 1);
    else if (event.key === 'ArrowLeft') goTo(selected - 1);
    else return;
    event.preventDefault();
  }

  const firstShown = selected * perView;
  return (
    <section className={`${styles.carousel} ${styles[`perView${perView}`]}`} aria-roledescription="carousel" aria-label={t('reviews.carousel.label')} onKeyDown={onKeyDown}>
      {/* aria-disabled, not disabled: a button that turns disabled would drop the keyboard focus. */}
      <div className={styles.controls}>
        <button type="button" className={styles.arrow} aria-label={t('reviews.previous')} aria-disabled={selected === 0} onClick={() => goTo(selected - 1)}>
          <ArrowIcon direction="left" size={20} />
        </button>
        <button type="button" className={styles.arrow} aria-label={t('reviews.next')} aria-disabled={selected >= pages - 1} onClick={() => goTo(selected + 1)}>
          <ArrowIcon direction="right" size={20} />
        </button>
      </div>
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.track} aria-live="polite">
          {reviews.map((review, index) => {
            const inView = index >= firstShown && index < firstShown + perView;
            return (
              <div
                key={`${review.user}-${review.title}`}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={t('reviews.slide', { position: index + 1, total: reviews.length })}
                aria-hidden={inView ? undefined : true}
              >
                <article className={styles.card}>
                  <StarRow value={review.stars} label={t('reviews.stars', { stars: review.stars })} />
                  <h3 className={styles.title}>{review.title}</h3>
                  <p className={styles.text}>{review.text}</p>
                  <footer className={styles.author}>
                    <GeneratedAvatar name={review.user} size={32} />
                    <span className={styles.user}>{review.user}</span>
                    <span className={styles.when}>{review.timeAgo}</span>
                  </footer>
                </article>
              </div>
            );
          })}
        </div>
      </div>
      <div className={styles.dots} role="group" aria-label={t('reviews.pages.label')}>
        {Array.from({ length: pages }, (_, page) => (
          <button
            key={page}
            type="button"
            className={page === selected ? `${styles.dot} ${styles.dotActive}` : styles.dot}
            aria-label={t('reviews.page', { first: page * perView + 1, last: Math.min(reviews.length, (page + 1) * perView) })}
            aria-current={page === selected ? 'true' : undefined}
            onClick={() => goTo(page)}
          />
        ))}
      </div>
    </section>
  );
}
