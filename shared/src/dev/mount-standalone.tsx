import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from '../router';
import { setApiBase } from '../api/base-query';
import type { RemoteRoute } from '../contracts/remote-routes';
import { checkSession } from '../store/session-thunks';
import { makeStore } from '../store/store';
import '../styles/tokens.css';
import '../styles/base.css';
import { StandaloneHarness } from './standalone-harness';

/** Starts one remote on its own, as the shell would host it: one store, `/api` proxied by the dev server. */
export function mountStandalone(remoteName: string, routes: RemoteRoute[]): void {
  setApiBase('/api');
  const store = makeStore();
  void store.dispatch(checkSession());
  const container = document.getElementById('root');
  if (!container) throw new Error('The standalone page needs a #root element');
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <StandaloneHarness remoteName={remoteName} routes={routes} />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
