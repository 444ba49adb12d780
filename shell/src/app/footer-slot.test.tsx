import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { loadRemoteModule } from '../federation/federation-runtime';
import { WithRuntimeConfig } from '../test/runtime-config';
import { FooterSlot } from './footer-slot';

jest.mock('../federation/federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
const loadRemote = jest.mocked(loadRemoteModule);

function renderPage() {
  return renderWithProviders(
    <WithRuntimeConfig>
      <h1>The page</h1>
      <FooterSlot />
    </WithRuntimeConfig>,
  );
}

describe('site footer slot (mounted below every page from the runtime config)', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("shows mf-marketing's exposed footer", async () => {
    loadRemote.mockResolvedValue({ default: () => <footer>Earnly footer</footer> });
    renderPage();
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('Earnly footer');
    expect(loadRemote).toHaveBeenCalledWith('mf_marketing', 'site-footer');
  });

  it('leaves the page as it is when mf-marketing is down: no footer, no error notice', async () => {
    loadRemote.mockRejectedValue(new Error('RUNTIME-003 mf_marketing is down'));
    renderPage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('waits until the reader nears the bottom of the page before loading it', async () => {
    let reportVisible: (visible: boolean) => void = () => undefined;
    class WatchingObserver {
      constructor(callback: IntersectionObserverCallback) {
        reportVisible = (visible) => callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      observe() {}
      disconnect() {}
    }
    Object.assign(window, { IntersectionObserver: WatchingObserver });
    try {
      loadRemote.mockResolvedValue({ default: () => <footer>Earnly footer</footer> });
      renderPage();
      act(() => reportVisible(false));
      expect(loadRemote).not.toHaveBeenCalled();
      act(() => reportVisible(true));
      expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    } finally {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});
