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
  },
  selectors: {
    selectLiveStats: (state) => state.liveStats,
  },
});

export const { setLiveStats } = settingsSlice.actions;
export const { selectLiveStats } = settingsSlice.selectors;
