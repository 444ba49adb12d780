import { msUntilNextStep } from './ticker-clock';
import { emptyTicker, isLiveLead, tickerReducer, type TickerState } from './ticker-entries';

const lead = (name: string) => ({ name, amount: '$0.50', wall: 'Notik', offer: 'Daily survey' });
const names = (state: TickerState) => state.entries.map((entry) => entry.name);

describe('ticker entries', () => {
  it('a step with fewer than two entries changes nothing', () => {
    const one = tickerReducer(emptyTicker(), { type: 'pushed', lead: lead('Ada L.') });
    expect(tickerReducer(one, { type: 'stepped' })).toBe(one);
  });

  it('gives an entry that comes round again a new id, so it enters anew', () => {
    let state = tickerReducer(emptyTicker(), { type: 'loaded', leads: [lead('Ada L.'), lead('Ben K.')] });
    const before = state.entries.map((entry) => entry.id);
    state = tickerReducer(state, { type: 'stepped' });
    expect(names(state)).toEqual(['Ben K.', 'Ada L.']);
    expect(state.enteringId).toBe(state.entries[0]!.id);
    expect(before).not.toContain(state.entries[0]!.id);
  });

  it('keeps its ids after being cleared, so a later entry never reuses one', () => {
    let state = tickerReducer(emptyTicker(), { type: 'pushed', lead: lead('Ada L.') });
    state = tickerReducer(state, { type: 'cleared' });
    state = tickerReducer(state, { type: 'pushed', lead: lead('Ben K.') });
    expect(state.entries[0]!.id).toBe(2);
  });

  it.each([
    [{ name: 'Ada L.', amount: '$12.34', wall: 'Notik', offer: 'Survey' }, true],
    [{ name: 'Ada L.', amount: '12.34', wall: 'Notik', offer: 'Survey' }, false],
    [{ name: '', amount: '$1.00', wall: 'Notik', offer: 'Survey' }, false],
    [{ name: 'Ada L.', amount: '$1.00', wall: 'Notik' }, false],
    [{ name: 'Ada L.', amount: '$1.00', wall: 7, offer: 'Survey' }, false],
    [null, false],
  ])('reads %p as a live lead: %p', (data, expected) => {
    expect(isLiveLead(data)).toBe(expected);
  });
});

describe('the 7 s clock', () => {
  it.each([
    [0, 7000],
    [1, 6999],
    [6999, 1],
    [7000 * 3 + 2500, 4500],
  ])('at %p ms the next step is %p ms away', (now, wait) => {
    expect(msUntilNextStep(now)).toBe(wait);
  });
});
