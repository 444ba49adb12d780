import { CAROUSEL_CARD_WIDTH_PX, CAROUSEL_GAP_PX } from '@rewards/shared/constants';

const CARDS_PER_ARROW = 2;

/** Spec §2, §9: an arrow scrolls the offer carousel by two cards and their gaps; 145 px when unmeasured. */
export function carouselStep(measuredCardWidth: number | undefined): number {
  const card = measuredCardWidth && measuredCardWidth > 0 ? measuredCardWidth : CAROUSEL_CARD_WIDTH_PX;
  return CARDS_PER_ARROW * (card + CAROUSEL_GAP_PX);
}

/** The offer carousel's step, measured on its first card. */
export function offerCarouselStep(track: HTMLElement): number {
  return carouselStep(track.firstElementChild?.getBoundingClientRect().width);
}

