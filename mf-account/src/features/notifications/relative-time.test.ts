import { act } from '@testing-library/react';
import { switchLocale } from '@rewards/shared/translate/messages';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2027-03-12T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [2 * 60 + 30, '2 minutes ago'],
    [3600, '1 hour ago'],
    [5 * 3600, '5 hours ago'],
    [24 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [8 * 24 * 3600, 'last week'],
    [40 * 24 * 3600, 'last month'],
    [400 * 24 * 3600, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, expected) => {
    expect(relativeTime(ago(seconds), NOW)).toBe(expected);
  });

  it('says "just now" for a time a little ahead of this clock, and for a date it cannot read', () => {
    expect(relativeTime(ago(-30), NOW)).toBe('just now');
    expect(relativeTime('not a date', NOW)).toBe('just now');
  });
});

describe('relativeTime in German (issue 34)', () => {
  beforeEach(() => act(() => switchLocale('de')));
  afterEach(() => act(() => switchLocale('en')));

  it.each([
    [10, 'gerade eben'],
    [2 * 60, 'vor 2 Minuten'],
    [24 * 3600, 'gestern'],
    [3 * 24 * 3600, 'vor 3 Tagen'],
  ])('%i seconds ago reads "%s"', (seconds, expected) => {
    expect(relativeTime(ago(seconds), NOW)).toBe(expected);
  });
});
