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
import { loadSharedApi } from './shared-api';
import { ShellLayout } from './shell-layout';

type Props = { store: AppStore; config: RuntimeConfig };

export function App({ store, config }: Props) {
  useEffect(() => {
    void store.dispatch(checkSession(loadSharedApi));
  }, [store]);
  // The likely next remote: the one behind the link under the pointer or focus (and, signed in, those behind
  // the navigation once the page settled: usePreloadWhenIdle in ShellLayout).
  usePreloadOnIntent(config.remotes, loadRemoteRoutes);
  return (
    <Provider store={store}>
      <RuntimeConfigContext.Provider value={config}>
        {/*
          Each navigation renders at once, not as a transition: a transition yields to the browser between slices
          of the render, so a switch to a remote already loaded showed its page 3 to 10 frames after the click
          (bench:web), and 1 frame this way. A page whose code is still on its way shows its skeleton meanwhile.
        */}
        <BrowserRouter useTransitions={false}>
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
