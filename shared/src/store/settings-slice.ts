import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../constants';

export type SettingsState = { liveStats: boolean };

/** Live Stats defaults to enabled; only an explicit "false" in storage turns it off (spec §3). */
export function readStoredSettings(storage: Pick<Storage, 'getItem'> | undefined): SettingsState {
  return { liveStats: storage?.getItem(STORAGE_KEYS.liveStats) !== 'false' };
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: (): SettingsState => readStoredSettings(typeof localStorage === 'undefined' ? undefined : localStorage),
  reducers: {
    setLiveStats(state, action: PayloadAction<boolean>) {
      state.liveStats = action.payload;
    },
    /** Another tab of this browser changed the stored settings (or cleared storage): follow, without writing back. */
    storedSettingsChanged(state, action: PayloadAction<SettingsState>) {
      state.liveStats = action.payload.liveStats;
    },
  },
  selectors: {
    selectLiveStats: (state) => state.liveStats,
  },
});

export const { setLiveStats, storedSettingsChanged } = settingsSlice.actions;
export const { selectLiveStats } = settingsSlice.selectors;
