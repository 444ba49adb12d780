import type { MyOffer } from '@rewards/shared/contracts/offer-types';
import { isEventDone } from '@rewards/shared/rules/offer-progress';

/** An offer still being worked on: not completed and not expired. */
export function isInProgress(offer: Pick<MyOffer, 'status'>): boolean {
  return offer.status !== 'completed' && offer.status !== 'expired';
}

export const STEP_BADGE_MAX_CHARS = 15;
export const STEP_BADGES_SHOWN = 2;

/** A step name cut at 15 characters (spec §2). */
export function shortStepName(name: string): string {
  const characters = Array.from(name.trim());
  return characters.length > STEP_BADGE_MAX_CHARS ? `${characters.slice(0, STEP_BADGE_MAX_CHARS).join('').trimEnd()}…` : name.trim();
}

/** At most 2 badges, then "+n" for the rest (spec §2). */
export function stepBadges(names: string[]): { badges: string[]; more: number } {
  return {
    badges: names.slice(0, STEP_BADGES_SHOWN).map(shortStepName),
    more: Math.max(0, names.length - STEP_BADGES_SHOWN),
  };
}

/** The names of the offer's done events, in order. */
export function completedStepNames(offer: Partial<Pick<MyOffer, 'events'>>): string[] {
  return (offer.events ?? []).filter(isEventDone).map((event) => event.name);
}
