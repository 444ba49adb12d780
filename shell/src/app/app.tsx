import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from '@rewards/shared/router';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import type { AppStore } from '@rewards/shared/store/store';
import { checkSession } from '@rewards/shared/store/session-thunks';
import { usePreloadOnIntent } from '../federation/preload-on-intent';
import { loadRemoteRoutes } from '../federation/remote-routes';
import { RemotePage } from './remote-page';
import { RuntimeConfigContext } from './runtime-config-context';
import { ShellLayout } from './shell-layout';

type Props = { store: AppStore; config: RuntimeConfig };

export function App({ store, config }: Props) {
  useEffect(() => {
    void store.dispatch(checkSession());
  }, [store]);
  // The likely next remote: the one behind the link under the pointer or focus.
  usePreloadOnIntent(config.remotes, loadRemoteRoutes);
  return (
    <Provider store={store}>
      <RuntimeConfigContext.Provider value={config}>
        <BrowserRouter>
          <ShellLayout>
            <Routes>
              <Route path="*" element={<RemotePage />} />
            </Routes>
          </ShellLayout>
        </BrowserRouter>
      </RuntimeConfigContext.Provider>
    </Provider>
  );
}
