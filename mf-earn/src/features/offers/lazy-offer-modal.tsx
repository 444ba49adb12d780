import { lazy, Suspense } from 'react';
import type { OfferModalProps } from './offer-modal';

// The modal brings the HTML sanitiser (~11 KB compressed): it loads when a card is first pointed at,
// not with the page.
const loadOfferModal = () => import('./offer-modal');
const OfferModalChunk = lazy(() => loadOfferModal().then((module) => ({ default: module.OfferModal })));

export function preloadOfferModal(): void {
  void loadOfferModal();
}

export function LazyOfferModal(props: OfferModalProps) {
  return (
    <Suspense fallback={null}>
      <OfferModalChunk {...props} />
    </Suspense>
  );
}
