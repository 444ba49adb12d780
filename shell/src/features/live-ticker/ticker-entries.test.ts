import { msUntilNextStep } from './ticker-clock';
import { emptyTicker, isLiveLead, tickerReducer, type TickerState } from './ticker-entries';

const lead = (name: string, id?: number) => ({ id, name, amount: '$0.50', wall: 'Notik', offer: 'Daily survey' });
const names = (state: TickerState) => state.entries.map((entry) => entry.name);
/** The server's list: `Lead<n> A.` with id n, newest (the highest) first. */
const serverList = (newest: number, count: number) => Array.from({ length: count }, (_, i) => lead(`Lead${newest - i} A.`, newest - i));

describe('ticker entries', () => {
  it('a step with fewer than two entries changes nothing', () => {
    const one = tickerReducer(emptyTicker(), { type: 'pushed', lead: lead('Ada L.') });
    expect(tickerReducer(one, { type: 'stepped' })).toBe(one);
  });

  it('gives an entry that comes round again a new key, so it enters anew', () => {
    let state = tickerReducer(emptyTicker(), { type: 'loaded', leads: [lead('Ada L.'), lead('Ben K.')] });
    const before = state.entries.map((entry) => entry.key);
    state = tickerReducer(state, { type: 'stepped' });
    expect(names(state)).toEqual(['Ben K.', 'Ada L.']);
    expect(state.enteringKey).toBe(state.entries[0]!.key);
    expect(before).not.toContain(state.entries[0]!.key);
  });

  it('keeps its keys after being cleared, so a later entry never reuses one', () => {
    let state = tickerReducer(emptyTicker(), { type: 'pushed', lead: lead('Ada L.') });
    state = tickerReducer(state, { type: 'cleared' });
    state = tickerReducer(state, { type: 'pushed', lead: lead('Ben K.') });
    expect(state.entries[0]!.key).toBe(2);
  });

  describe('the server’s list, read again after joining the feed', () => {
    it('puts what went out unheard in at the front, the newest first, and slides the front one in', () => {
      let state = tickerReducer(emptyTicker(), { type: 'loaded', leads: serverList(10, 3) });
      state = tickerReducer(state, { type: 'loaded', leads: serverList(12, 5) });
      expect(names(state)).toEqual(['Lead12 A.', 'Lead11 A.', 'Lead10 A.', 'Lead9 A.', 'Lead8 A.']);
      expect(state.enteringKey).toBe(state.entries[0]!.key);
    });

    it('keeps an entry pushed since in front of older ones it brings', () => {
      let state = tickerReducer(emptyTicker(), { type: 'loaded', leads: serverList(10, 2) });
      state = tickerReducer(state, { type: 'pushed', lead: lead('Lead13 A.', 13) });
      state = tickerReducer(state, { type: 'loaded', leads: serverList(13, 5) });
      expect(names(state)).toEqual(['Lead13 A.', 'Lead12 A.', 'Lead11 A.', 'Lead10 A.', 'Lead9 A.']);
    });

    it('drops from the back to keep 12', () => {
      let state = tickerReducer(emptyTicker(), { type: 'loaded', leads: serverList(12, 12) });
      state = tickerReducer(state, { type: 'loaded', leads: serverList(14, 12) });
      expect(names(state)).toEqual(serverList(14, 12).map((entry) => entry.name));
    });

    it('does not bring back an entry the ticker already let go of', () => {
      let state = tickerReducer(emptyTicker(), { type: 'loaded', leads: serverList(12, 12) });
      for (let step = 0; step < 3; step++) state = tickerReducer(state, { type: 'stepped' });
      state = tickerReducer(state, { type: 'pushed', lead: lead('Lead13 A.', 13) });
      expect(names(state)).not.toContain('Lead4 A.');
      expect(tickerReducer(state, { type: 'loaded', leads: serverList(13, 12) })).toBe(state);
    });

    it('fills an empty ticker newest first, nothing sliding', () => {
      const state = tickerReducer(emptyTicker(), { type: 'loaded', leads: serverList(3, 3) });
      expect(names(state)).toEqual(['Lead3 A.', 'Lead2 A.', 'Lead1 A.']);
      expect(state.enteringKey).toBeNull();
    });
  });

  it('shows a push once, however many times its id comes', () => {
    let state = tickerReducer(emptyTicker(), { type: 'loaded', leads: serverList(5, 2) });
    state = tickerReducer(state, { type: 'pushed', lead: lead('Lead5 A.', 5) });
    state = tickerReducer(state, { type: 'pushed', lead: lead('Lead6 A.', 6) });
    state = tickerReducer(state, { type: 'pushed', lead: lead('Lead6 A.', 6) });
    expect(names(state)).toEqual(['Lead6 A.', 'Lead5 A.', 'Lead4 A.']);
  });

  it('shows two alike entries with different ids, and alike pushes without ids (from an older server), each', () => {
    let state = tickerReducer(emptyTicker(), { type: 'pushed', lead: lead('Ada L.', 1) });
    state = tickerReducer(state, { type: 'pushed', lead: lead('Ada L.', 2) });
    state = tickerReducer(state, { type: 'pushed', lead: lead('Ben K.') });
    state = tickerReducer(state, { type: 'pushed', lead: lead('Ben K.') });
    expect(names(state)).toEqual(['Ben K.', 'Ben K.', 'Ada L.', 'Ada L.']);
  });

  it('tells entries of an older server (no ids) apart by what they say', () => {
    let state = tickerReducer(emptyTicker(), { type: 'loaded', leads: [lead('Ada L.'), lead('Ben K.')] });
    state = tickerReducer(state, { type: 'loaded', leads: [lead('Cleo M.'), lead('Ada L.'), lead('Ben K.')] });
    expect(names(state)).toEqual(['Cleo M.', 'Ada L.', 'Ben K.']);
  });

  it('forgets what it had once cleared (offline), so the reload shows the server’s list again', () => {
    let state = tickerReducer(emptyTicker(), { type: 'loaded', leads: serverList(5, 3) });
    state = tickerReducer(state, { type: 'cleared' });
    state = tickerReducer(state, { type: 'loaded', leads: serverList(5, 3) });
    expect(names(state)).toEqual(['Lead5 A.', 'Lead4 A.', 'Lead3 A.']);
  });

  it.each([
    [{ name: 'Ada L.', amount: '$12.34', wall: 'Notik', offer: 'Survey' }, true],
    [{ name: 'Ada L.', amount: '12.34', wall: 'Notik', offer: 'Survey' }, false],
    [{ name: '', amount: '$1.00', wall: 'Notik', offer: 'Survey' }, false],
    [{ name: 'Ada L.', amount: '$1.00', wall: 'Notik' }, false],
    [{ name: 'Ada L.', amount: '$1.00', wall: 7, offer: 'Survey' }, false],
    [{ id: 7, name: 'Ada L.', amount: '$1.00', wall: 'Notik', offer: 'Survey' }, true],
    [{ id: 0, name: 'Ada L.', amount: '$1.00', wall: 'Notik', offer: 'Survey' }, false],
    [{ id: 1.5, name: 'Ada L.', amount: '$1.00', wall: 'Notik', offer: 'Survey' }, false],
    [{ id: '7', name: 'Ada L.', amount: '$1.00', wall: 'Notik', offer: 'Survey' }, false],
    [{ id: null, name: 'Ada L.', amount: '$1.00', wall: 'Notik', offer: 'Survey' }, false],
    [{ id: 2 ** 53, name: 'Ada L.', amount: '$1.00', wall: 'Notik', offer: 'Survey' }, false],
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
