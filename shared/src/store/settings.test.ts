import { makeStore } from './store';
import { readStoredSettings, selectLiveStats, setLiveStats } from './settings-slice';

describe('Live Stats setting (spec §3)', () => {
  beforeEach(() => localStorage.clear());

  it('is enabled by default', () => {
    expect(selectLiveStats(makeStore().getState())).toBe(true);
  });

  it('is persisted in local storage under "Live Stats"', () => {
    const store = makeStore();
    store.dispatch(setLiveStats(false));
    expect(localStorage.getItem('Live Stats')).toBe('false');
    expect(selectLiveStats(makeStore().getState())).toBe(false);
  });

  it('reads only an explicit "false" as off', () => {
    expect(readStoredSettings({ getItem: () => 'false' })).toEqual({ liveStats: false });
    expect(readStoredSettings({ getItem: () => 'garbage' })).toEqual({ liveStats: true });
    expect(readStoredSettings(undefined)).toEqual({ liveStats: true });
  });
});
