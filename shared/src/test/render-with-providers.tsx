import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from '../router';
import { makeStore, type AppStore, type RootState } from '../store/store';

type ProviderOptions = Omit<RenderOptions, 'wrapper'> & {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  route?: string;
};

/** Renders a component inside a fresh store and a router, as the shell mounts pages. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', ...renderOptions } = options;
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </Provider>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}

/** A fetch answering JSON by path, for component tests at the HTTP edge. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
