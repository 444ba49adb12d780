import type { MyOfferEvent } from '../contracts/offer-types';
import { isEventDone, offerProgress } from './offer-progress';

function event(id: number, done: Partial<Pick<MyOfferEvent, 'completed' | 'status'>> = {}): MyOfferEvent {
  return { id, name: `Step ${id}`, payout: 1, completed: false, status: 0, ...done };
}

describe('an event is done (spec §4)', () => {
  it('when completed is true or status is 1', () => {
    expect(isEventDone({ completed: true, status: 0 })).toBe(true);
    expect(isEventDone({ completed: false, status: 1 })).toBe(true);
    expect(isEventDone({ completed: false, status: 0 })).toBe(false);
  });
});

describe('offer progress (spec §4)', () => {
  it('is the rounded share of completed_steps over total_steps when both are there', () => {
    expect(offerProgress({ completed_steps: [1], total_steps: 3, events: [] })).toBe(33);
    expect(offerProgress({ completed_steps: [1, 2], total_steps: 3, events: [] })).toBe(67);
  });

  it('prefers the steps over the events', () => {
    expect(offerProgress({ completed_steps: [], total_steps: 4, events: [event(1, { completed: true })] })).toBe(0);
    expect(offerProgress({ completed_steps: [1], total_steps: 4, events: [event(1, { completed: true }), event(2, { completed: true })] })).toBe(25);
  });

  it('otherwise is the share of done events over all events', () => {
    const events = [event(1, { completed: true }), event(2, { status: 1 }), event(3), event(4)];
    expect(offerProgress({ events })).toBe(50);
    expect(offerProgress({ completed_steps: [1], total_steps: 0, events })).toBe(50);
    expect(offerProgress({ events: events.slice(0, 3) })).toBe(67);
  });

  it('never goes above 100 %', () => {
    expect(offerProgress({ completed_steps: [1, 2, 3], total_steps: 2 })).toBe(100);
  });

  it('is 0 % without steps or events, 100 % once the offer is completed', () => {
    expect(offerProgress({})).toBe(0);
    expect(offerProgress({ status: 'active' })).toBe(0);
    expect(offerProgress({ status: 'completed' })).toBe(100);
  });
});
