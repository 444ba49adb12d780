import type { MyOfferEvent } from '@rewards/shared/contracts/offer-types';
import { completedStepNames, isEventDone, isInProgress, offerProgress, shortStepName, stepBadges } from './offer-progress';

const event = (id: number, done: Partial<Pick<MyOfferEvent, 'completed' | 'status'>> = {}): MyOfferEvent => ({
  id,
  name: `Step ${id}`,
  payout: 1,
  completed: false,
  status: 0,
  ...done,
});

describe('offer progress (spec §4)', () => {
  it('is the rounded share of completed_steps over total_steps when both are known', () => {
    expect(offerProgress({ completed_steps: [1], total_steps: 3, events: [] })).toBe(33);
    expect(offerProgress({ completed_steps: [1, 2], total_steps: 3, events: [] })).toBe(67);
  });

  it('prefers the steps over the events when both are known', () => {
    expect(offerProgress({ completed_steps: [], total_steps: 4, events: [event(1, { completed: true })] })).toBe(0);
  });

  it('otherwise counts done events over all events', () => {
    const events = [event(1, { completed: true }), event(2, { status: 1 }), event(3), event(4)];
    expect(offerProgress({ events })).toBe(50);
    expect(offerProgress({ completed_steps: [1], total_steps: 0, events })).toBe(50);
  });

  it('is 0 without steps or events, and never above 100', () => {
    expect(offerProgress({})).toBe(0);
    expect(offerProgress({ completed_steps: [1, 2, 3], total_steps: 2 })).toBe(100);
  });

  it('counts an event done when completed is true or status is 1', () => {
    expect(isEventDone({ completed: true, status: 0 })).toBe(true);
    expect(isEventDone({ completed: false, status: 1 })).toBe(true);
    expect(isEventDone({ completed: false, status: 0 })).toBe(false);
  });
});

describe('step badges (spec §2)', () => {
  it('cuts a name at 15 characters', () => {
    expect(shortStepName('Reach level 10 in the game')).toBe('Reach level 10…');
    expect(shortStepName('Install the app')).toBe('Install the app');
  });

  it('shows at most 2 badges plus "+n"', () => {
    expect(stepBadges(['A', 'B', 'C', 'D'])).toEqual({ badges: ['A', 'B'], more: 2 });
    expect(stepBadges(['A'])).toEqual({ badges: ['A'], more: 0 });
  });

  it('names the done events', () => {
    expect(completedStepNames({ events: [event(1, { completed: true }), event(2), event(3, { status: 1 })] })).toEqual([
      'Step 1',
      'Step 3',
    ]);
  });
});

describe('offers in progress', () => {
  it('are those neither completed nor expired', () => {
    expect(isInProgress({ status: 'active' })).toBe(true);
    expect(isInProgress({ status: 'completed' })).toBe(false);
    expect(isInProgress({ status: 'expired' })).toBe(false);
  });
});
