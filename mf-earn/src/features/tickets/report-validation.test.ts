import { TICKET_MESSAGES } from '@rewards/shared/contracts/ticket-types';
import { useNodeFormData } from '../../test/node-form-data';
import { localToday, problemText, reportFormData, type ReportValues, validateReport } from './report-validation';

const TODAY = '2025-03-10';
const wallReport: ReportValues = { offerId: null, wall: 'notik', offerName: 'Castle Quest', completedAt: '2025-03-09', details: 'Reached level 10, nothing came.', screenshot: null };

describe('checking a missing-credit report before it is sent', () => {
  useNodeFormData();
  it('accepts a complete report of a wall offer, and of a started offer without wall or name', () => {
    expect(validateReport(wallReport, TODAY)).toEqual({});
    expect(validateReport({ ...wallReport, offerId: 'dragon-forge-legends', wall: '', offerName: '' }, TODAY)).toEqual({});
  });

  it.each<[string, Partial<ReportValues>, string, string]>([
    ['no wall', { wall: '' }, 'wall', TICKET_MESSAGES.unknownWall],
    ['no offer name', { offerName: '   ' }, 'offer_name', TICKET_MESSAGES.offerName],
    ['an offer name of 201 characters', { offerName: 'n'.repeat(201) }, 'offer_name', TICKET_MESSAGES.offerName],
    ['no date', { completedAt: '' }, 'completed_at', TICKET_MESSAGES.completedAt],
    ['a date after today', { completedAt: '2025-03-11' }, 'completed_at', TICKET_MESSAGES.completedAt],
    ['details of 9 characters', { details: ' 123456789 ' }, 'details', TICKET_MESSAGES.details],
    ['details of 2,001 characters', { details: 'd'.repeat(2001) }, 'details', TICKET_MESSAGES.details],
    ['a GIF', { screenshot: new File(['GIF89a'], 'a.gif', { type: 'image/gif' }) }, 'screenshot', TICKET_MESSAGES.screenshot],
    ['a screenshot over 2 MB', { screenshot: new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }) }, 'screenshot', TICKET_MESSAGES.screenshot],
  ])('names %s under its field, in the words of the API', (_name, change, field, message) => {
    const problems = validateReport({ ...wallReport, ...change }, TODAY);
    expect(Object.keys(problems)).toEqual([field]);
    expect(problemText(problems[field as keyof typeof problems]!)).toBe(message);
  });

  it('counts details in characters as people do (an emoji is one)', () => {
    expect(validateReport({ ...wallReport, details: '😀'.repeat(10) }, TODAY)).toEqual({});
  });

  it('sends the fields the API reads: the offer id alone for a started offer, wall and name otherwise', () => {
    const started = reportFormData({ ...wallReport, offerId: 'dragon-forge-legends' });
    expect([...started.keys()]).toEqual(['offer_id', 'completed_at', 'details']);
    const wall = reportFormData({ ...wallReport, offerName: ' Castle Quest ', screenshot: new File(['x'], 'p.png', { type: 'image/png' }) });
    expect(Object.fromEntries([...wall.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]))).toEqual({
      wall: 'notik',
      offer_name: 'Castle Quest',
      completed_at: '2025-03-09',
      details: 'Reached level 10, nothing came.',
      screenshot: 'p.png',
    });
  });

  it("gives today's date in the user's own time zone", () => {
    expect(localToday(new Date(2025, 2, 10, 23, 30))).toBe('2025-03-10');
  });
});
