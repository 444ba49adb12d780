import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { openAuth, openSettings } from '@rewards/shared/store/ui-slice';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { loadRemoteModule } from '../federation/federation-runtime';
import { testRuntimeConfig } from '../test/runtime-config';
import { FooterSlot } from './footer-slot';
import { RuntimeConfigContext } from './runtime-config-context';
import { ShellModals } from './shell-modals';

jest.mock('../federation/federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
const loadRemote = jest.mocked(loadRemoteModule);

function renderWith(config: RuntimeConfig) {
  return renderWithProviders(
    <RuntimeConfigContext.Provider value={config}>
      <h1>The page</h1>
      <ShellModals />
      <FooterSlot />
    </RuntimeConfigContext.Provider>,
  );
}

describe('slots the runtime config does not fill', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('answers a modal asked for with no remote behind it with the dismissible notice, loading nothing', async () => {
    const user = userEvent.setup();
    const { modals } = testRuntimeConfig;
    const config = { ...testRuntimeConfig, footer: undefined, modals: { ...modals, auth: undefined } } as unknown as RuntimeConfig;
    const { store } = renderWith(config);
    act(() => {
      store.dispatch(openAuth('signin'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in is temporarily unavailable. Please try again in a moment.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(store.getState().ui.authModal).toBeNull();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('answers a modal slot that is not `remote/module` the same way', async () => {
    const config = { ...testRuntimeConfig, footer: undefined, modals: { ...testRuntimeConfig.modals, settings: 'settings-modal' } };
    const { store } = renderWith(config);
    act(() => {
      store.dispatch(openSettings());
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings is temporarily unavailable');
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('shows no footer, and loads none, when the config names none', () => {
    const { container } = renderWith({ ...testRuntimeConfig, footer: undefined });
    expect(container.querySelectorAll('div')).toHaveLength(0);
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
