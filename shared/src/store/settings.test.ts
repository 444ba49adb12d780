import { makeStore } from './store';
import { readStoredSettings, selectLiveStats, setLiveStats } from './settings-slice';
import { followSettingsOfOtherTabs } from './storage-listeners';

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

describe('Live Stats in every open tab', () => {
  beforeEach(() => localStorage.clear());

  /** What the browser does in the other tabs when one tab writes to local storage. */
  function otherTabWrote(key: string | null, value: string | null) {
    if (key === null) localStorage.clear();
    else if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  }

  it('follows "Live Stats" written by another tab, both ways', () => {
    const store = makeStore();
    const stop = followSettingsOfOtherTabs(store.dispatch);
    otherTabWrote('Live Stats', 'false');
    expect(selectLiveStats(store.getState())).toBe(false);
    otherTabWrote('Live Stats', 'true');
    expect(selectLiveStats(store.getState())).toBe(true);
    stop();
    otherTabWrote('Live Stats', 'false');
    expect(selectLiveStats(store.getState())).toBe(true);
  });

  it('goes back to the default (on) when another tab clears storage, and ignores other keys', () => {
    const store = makeStore();
    store.dispatch(setLiveStats(false));
    const stop = followSettingsOfOtherTabs(store.dispatch);
    otherTabWrote('user', '{}');
    expect(selectLiveStats(store.getState())).toBe(false);
    otherTabWrote(null, null);
    expect(selectLiveStats(store.getState())).toBe(true);
    stop();
  });
});
