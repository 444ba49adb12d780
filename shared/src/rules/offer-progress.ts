import type { MyOffer, MyOfferEvent } from '../contracts/offer-types';

const FULL = 100;

/** Spec §4: an event is done when `completed` is true or `status` is 1. */
export function isEventDone(event: Pick<MyOfferEvent, 'completed' | 'status'>): boolean {
  return event.completed === true || Number(event.status) === 1;
}

function percent(done: number, total: number): number {
  return Math.min(FULL, Math.max(0, Math.round((done / total) * FULL)));
}

type ProgressFields = Partial<Pick<MyOffer, 'completed_steps' | 'total_steps' | 'events' | 'status'>>;

/**
 * Spec §4: the rounded share of `completed_steps` over `total_steps` when both are there, otherwise of
 * done events over all events; capped at 100 % (spec §9). An offer without steps or events shows 0 %,
 * or 100 % once its status is completed.
 */
export function offerProgress({ completed_steps, total_steps, events, status }: ProgressFields): number {
  if (Array.isArray(completed_steps) && typeof total_steps === 'number' && total_steps > 0) {
    return percent(completed_steps.length, total_steps);
  }
  if (events?.length) return percent(events.filter(isEventDone).length, events.length);
  return status === 'completed' ? FULL : 0;
}
