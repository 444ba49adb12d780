import type { MyOffer, MyOfferEvent } from '@rewards/shared/contracts/offer-types';

/** Spec §4: an event is done when `completed` is true or `status` is 1. */
export function isEventDone(event: Pick<MyOfferEvent, 'completed' | 'status'>): boolean {
  const status: unknown = event.status;
  return event.completed === true || status === 1 || status === '1' || status === true;
}

type ProgressFields = Partial<Pick<MyOffer, 'completed_steps' | 'total_steps' | 'events'>>;

/**
 * Spec §4: the rounded percentage of completed steps over total steps when both are known, otherwise of
 * done events over all events; 0 without either, never above 100.
 */
export function offerProgress({ completed_steps, total_steps, events }: ProgressFields): number {
  let ratio = 0;
  if (Array.isArray(completed_steps) && typeof total_steps === 'number' && total_steps > 0) {
    ratio = completed_steps.length / total_steps;
  } else if (events?.length) {
    ratio = events.filter(isEventDone).length / events.length;
  }
  return Math.min(100, Math.round(ratio * 100));
}

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
