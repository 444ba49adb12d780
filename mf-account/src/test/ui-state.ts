import type { RootState } from '@rewards/shared/store/store';
import type { UiState } from '@rewards/shared/store/ui-slice';

const closedUi: UiState = {
  alert: { isOpen: false, type: 'info', title: '', message: '' },
  authModal: null,
  settingsOpen: false,
  inviteOpen: false,
  notificationsOpen: false,
};

/** A store state with these `ui` fields set. */
export function withUi(ui: Partial<UiState>, rest: Partial<RootState> = {}): Partial<RootState> {
  return { ...rest, ui: { ...closedUi, ...ui } };
}
