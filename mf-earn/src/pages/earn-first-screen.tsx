import type { DeviceFilter, Offer } from '@rewards/shared/contracts/offer-types';
import { PATHS } from '@rewards/shared/paths';
import { Shelf, ShelfItem } from '../ui/shelf';
import { offerCarouselStep } from '../features/offers/carousel-step';
import { DeviceChips } from '../features/offers/device-chips';
import { OfferCard, OfferCardSkeleton } from '../features/offers/offer-card';
import { useT } from '../messages';
import styles from './earn-page.module.css';

/** Spec §9: skeleton counts while offers load. */
export const FEATURED_SKELETONS = 8;
/** The first Featured Offers a phone shows without scrolling: their images load first (the page's largest paint). */
export const PRIORITY_OFFER_CARDS = 3;
/**
 * The Featured Offers the server paints from the page's HTML: more than the widest screen shows at once. The page
 * adds the rest to the right of them, out of view, when it takes over.
 */
export const PAINTED_OFFER_CARDS = 12;

export function Skeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <ShelfItem key={index}>
      <OfferCardSkeleton />
    </ShelfItem>
  ));
}

export function OfferItems({ offers, onOpen, priorityCount = 0 }: { offers: Offer[]; onOpen: (offer: Offer) => void; priorityCount?: number }) {
  return offers.map((offer, index) => (
    <ShelfItem key={`${offer.id}-${offer.offer_id}`}>
      <OfferCard offer={offer} onOpen={onOpen} priority={index < priorityCount} />
    </ShelfItem>
  ));
}

type Props = {
  filter: DeviceFilter;
  onFilterChange: (filter: DeviceFilter) => void;
  /** Shown once `loading` is over. */
  offers: Offer[];
  loading: boolean;
  onOpen: (offer: Offer) => void;
};

/**
 * What /Earn shows first under its header: the device chips and the Featured Offers shelf. The site server paints
 * the same from the page's HTML (`src/prerender/prerender-entry.tsx`), so nothing moves when the page takes over.
 */
export function EarnFirstScreen({ filter, onFilterChange, offers, loading, onOpen }: Props) {
  const t = useT();
  return (
    <>
      <div className={styles.toolbar}>
        <DeviceChips value={filter} onChange={onFilterChange} />
      </div>

      <Shelf title={t('earn.featured')} viewAllTo={PATHS.offers} scrollStep={offerCarouselStep} busy={loading}>
        {loading ? <Skeletons count={FEATURED_SKELETONS} /> : <OfferItems offers={offers} onOpen={onOpen} priorityCount={PRIORITY_OFFER_CARDS} />}
      </Shelf>
    </>
  );
}
