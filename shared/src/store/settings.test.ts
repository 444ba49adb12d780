import { makeStore } from './store';
import { readStoredSettings, selectLiveStats, setLiveStats } from './settings-slice';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIVE_STATS_COOKIE } from '../constants';
import { followSettingsOfOtherTabs } from './storage-listeners';

/** The cookies the page can read now, by name. */
function pageCookies(): Record<string, string> {
  return Object.fromEntries(document.cookie.split('; ').filter(Boolean).map((pair) => pair.split('=') as [string, string]));
}

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

describe('Live Stats told to the site server (the painted page leaves no room for the strip while it is off)', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'live_stats=; Path=/; Max-Age=0';
  });

  it('keeps the live_stats cookie while Live Stats is off, and none while it is on', () => {
    const store = makeStore();
    store.dispatch(setLiveStats(false));
    expect(pageCookies().live_stats).toBe('off');
    store.dispatch(setLiveStats(true));
    expect(pageCookies()).not.toHaveProperty('live_stats');
  });

  it('has its place in the stylesheet: the painted page without the strip keeps only the navigation’s height', () => {
    const css = readFileSync(join(__dirname, '../styles/base.css'), 'utf8');
    expect(css).toContain(`.prerendered-page[${LIVE_STATS_COOKIE.attribute}] {\n  padding-top: var(--nav-height);\n}`);
  });
});
