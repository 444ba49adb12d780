import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from '@rewards/shared/router';
import { makeStore } from '@rewards/shared/store/store';

// The page's CSP blocks style attributes: the prerendered HTML carries classes only.
const STYLE_ATTRIBUTE = /\sstyle="[^"]*"/g;
// Until React's page replaces it, what is typed into a prerendered field would be lost: they take no typing.
const FIELD = /<(input|textarea)\b/g;

/** A public page's HTML as a visitor first sees it, for the site server to send before any script runs. */
export function renderPage(Page: ComponentType, path: string): string {
  const html = renderToStaticMarkup(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </Provider>,
  );
  return html.replace(STYLE_ATTRIBUTE, '').replace(FIELD, '<$1 readonly=""');
}
