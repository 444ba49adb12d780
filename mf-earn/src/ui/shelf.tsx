import { useId, useRef, type ReactNode } from 'react';
import { Link } from '@rewards/shared/router';
import { useT } from '../messages';
import { scrollBehavior, useDragScroll } from './drag-scroll';
import styles from './shelf.module.css';

type Props = {
  title: string;
  /** One line under the title. */
  lead?: string;
  /** "View All" goes here when given. */
  viewAllTo?: string;
  /** How far one arrow press scrolls, from the track as it is laid out. */
  scrollStep: (track: HTMLElement) => number;
  arrowsDisabled?: boolean;
  /** While loading the track is marked busy for assistive technology. */
  busy?: boolean;
  children: ReactNode;
};

/** A titled, horizontally scrolling row: arrows, mouse drag, and an optional "View All" link. */
export function Shelf({ title, lead, viewAllTo, scrollStep, arrowsDisabled = false, busy = false, children }: Props) {
  const t = useT();
  const trackRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const drag = useDragScroll(trackRef);

  function scroll(direction: 1 | -1) {
    const track = trackRef.current;
    if (!track) return;
    const left = direction * scrollStep(track);
    if (typeof track.scrollBy === 'function') track.scrollBy({ left, behavior: scrollBehavior() });
    else track.scrollLeft += left;
  }

  return (
    <section className={styles.shelf} aria-labelledby={headingId}>
      <div className={styles.header}>
        <div className={styles.titles}>
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        <div className={styles.controls}>
          {viewAllTo ? (
            <Link to={viewAllTo} className={styles.viewAll}>
              {t('shelf.viewAll')}
            </Link>
          ) : null}
          <button
            type="button"
            className={styles.arrow}
            onClick={() => scroll(-1)}
            disabled={arrowsDisabled}
            aria-label={t('shelf.scrollLeft', { title })}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => scroll(1)}
            disabled={arrowsDisabled}
            aria-label={t('shelf.scrollRight', { title })}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <div
        ref={trackRef}
        className={styles.track}
        role="list"
        aria-labelledby={headingId}
        aria-busy={busy}
        onMouseDown={drag.onMouseDown}
        onClickCapture={drag.onClickCapture}
        onDragStart={(event) => event.preventDefault()}
      >
        {children}
      </div>
    </section>
  );
}

/** One item of a shelf's list. */
export function ShelfItem({ children }: { children: ReactNode }) {
  return (
    <div role="listitem" className={styles.item}>
      {children}
    </div>
  );
}
