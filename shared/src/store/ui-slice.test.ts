import { makeStore } from './store';
import { closeAuth, openAuth, selectAlert, selectAuthModal, showAlert, closeAlert } from './ui-slice';

describe('ui slice', () => {
  it('opens and closes the alert modal with type, title and message', () => {
    const store = makeStore();
    store.dispatch(showAlert({ type: 'warning', title: 'Careful', message: 'Something' }));
    expect(selectAlert(store.getState())).toEqual({ isOpen: true, type: 'warning', title: 'Careful', message: 'Something' });
    store.dispatch(closeAlert());
    expect(selectAlert(store.getState()).isOpen).toBe(false);
  });

  it('remembers which auth modal is open', () => {
    const store = makeStore();
    store.dispatch(openAuth('signup'));
    expect(selectAuthModal(store.getState())).toBe('signup');
    store.dispatch(closeAuth());
    expect(selectAuthModal(store.getState())).toBeNull();
  });
});
