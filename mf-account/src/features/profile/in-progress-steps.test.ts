import type { MyOfferEvent } from '@rewards/shared/contracts/offer-types';
import { completedStepNames, isInProgress, shortStepName, stepBadges } from './in-progress-steps';

const event = (id: number, done: Partial<Pick<MyOfferEvent, 'completed' | 'status'>> = {}): MyOfferEvent => ({
  id,
  name: `Step ${id}`,
  payout: 1,
  completed: false,
  status: 0,
  ...done,
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
