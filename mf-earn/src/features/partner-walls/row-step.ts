import { ARROW_SCROLL_SHARE } from '@rewards/shared/constants';

/** Spec §2, §9: a partner row's arrow scrolls 60 % of the visible width. */
export function partnerRowStep(visibleWidth: number): number {
  return Math.round(visibleWidth * ARROW_SCROLL_SHARE);
}
