import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type AlertType = 'blocked' | 'pending' | 'success' | 'warning' | 'info';
export type AuthModal = 'signin' | 'signup';

export type AlertState = {
  isOpen: boolean;
  type: AlertType;
  /** English, or the words of the page's language as the alert opened; a `code`'s translation wins over it. */
  title: string;
  message: string;
  /** An API error code (`account_blocked`…): the modal shows its translation as the title, in the page's language. */
  code?: string;
};

export type UiState = {
  alert: AlertState;
  authModal: AuthModal | null;
  settingsOpen: boolean;
  inviteOpen: boolean;
  notificationsOpen: boolean;
};

const initialState: UiState = {
  alert: { isOpen: false, type: 'info', title: '', message: '' },
  authModal: null,
  settingsOpen: false,
  inviteOpen: false,
  notificationsOpen: false,
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    showAlert(state, action: PayloadAction<{ type: AlertType; title: string; message: string; code?: string }>) {
      state.alert = { isOpen: true, ...action.payload };
    },
    closeAlert(state) {
      state.alert.isOpen = false;
    },
    openAuth(state, action: PayloadAction<AuthModal>) {
      state.authModal = action.payload;
    },
    closeAuth(state) {
      state.authModal = null;
    },
    openSettings(state) {
      state.settingsOpen = true;
    },
    closeSettings(state) {
      state.settingsOpen = false;
    },
    openInvite(state) {
      state.inviteOpen = true;
    },
    closeInvite(state) {
      state.inviteOpen = false;
    },
    openNotifications(state) {
      state.notificationsOpen = true;
    },
    closeNotifications(state) {
      state.notificationsOpen = false;
    },
  },
  selectors: {
    selectAlert: (state) => state.alert,
    selectAuthModal: (state) => state.authModal,
    selectSettingsOpen: (state) => state.settingsOpen,
    selectInviteOpen: (state) => state.inviteOpen,
    selectNotificationsOpen: (state) => state.notificationsOpen,
  },
});

export const {
  showAlert,
  closeAlert,
  openAuth,
  closeAuth,
  openSettings,
  closeSettings,
  openInvite,
  closeInvite,
  openNotifications,
  closeNotifications,
} = uiSlice.actions;
export const { selectAlert, selectAuthModal, selectSettingsOpen, selectInviteOpen, selectNotificationsOpen } = uiSlice.selectors;
