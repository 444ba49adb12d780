import { act, render } from '@testing-library/react';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { testRuntimeConfig } from '../test/runtime-config';
import { IDLE_PRELOAD_DELAY_MS, likelyNextPaths, preloadPage, usePreloadWhenIdle, type LoadRemoteRoutes } from './preload-when-idle';

const REMOTES = testRuntimeConfig.remotes;

function route(path: string, preload?: () => Promise<unknown>): RemoteRoute {
  return { path, Component: () => null, meta: { title: path, description: path }, audience: 'signed-in', preload };
}

/** A fake federation: each remote's route table, each page's preload recorded in `preloaded`. */
function fakeRemotes() {
  const preloaded: string[] = [];
  const asked: string[] = [];
  const page = (path: string) => route(path, () => Promise.resolve(preloaded.push(path)));
  const tables: Record<string, RemoteRoute[]> = {
    mf_earn: [page('/Earn'), page('/my-offers')],
    mf_cashout: [page('/Cashout')],
    mf_account: [page('/Profile')],
    mf_marketing: [page('/faq')],
  };
  const loadRoutes: LoadRemoteRoutes = (name) => {
    asked.push(name);
    return Promise.resolve(tables[name] ?? []);
  };
  return { loadRoutes, preloaded, asked };
}

function Page({ enabled, loadRoutes }: { enabled: boolean; loadRoutes: LoadRemoteRoutes }) {
  usePreloadWhenIdle({ enabled, remotes: REMOTES, loadRoutes });
  return (
    <>
      <header>
        <a href="/Earn">Logo</a>
        <nav aria-label="Main">
          <a href="/Earn">Earn</a>
          <a href="/Cashout">Cashout</a>
          <a href="/my-offers">My offers</a>
        </nav>
        <a href="/Profile">Ada</a>
        <div hidden>
          <a href="/bonuses">Quests (closed menu)</a>
        </div>
        <a href="https://elsewhere.example/Cashout">Elsewhere</a>
      </header>
      <main>
        <a href="/offers">A link in the page</a>
      </main>
      <footer>
        <nav>
          <a href="/faq">FAQ</a>
        </nav>
      </footer>
    </>
  );
}

/** Runs every timer and the promises they start until nothing is left to do. */
async function settle() {
  for (let round = 0; round < 10; round += 1) {
    await act(async () => {
      jest.runOnlyPendingTimers();
      await Promise.resolve();
    });
  }
}

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

describe('preloading the likely next pages once the page settled', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/Earn');
    setConnection(undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    setConnection(undefined);
  });

  it('waits for the delay after load, then loads the pages behind the visible navigation links but the current one', async () => {
    const remotes = fakeRemotes();
    render(<Page enabled loadRoutes={remotes.loadRoutes} />);
    await act(async () => {
      jest.advanceTimersByTime(IDLE_PRELOAD_DELAY_MS - 1);
      await Promise.resolve();
    });
    expect(remotes.asked).toEqual([]);
    await settle();
    expect(remotes.preloaded).toEqual(['/Cashout', '/my-offers', '/Profile']);
    expect(remotes.asked).toEqual(['mf_cashout', 'mf_earn', 'mf_account']);
  });

  it('loads one page at a time, the next once the previous is in', async () => {
    const remotes = fakeRemotes();
    let finishFirst: () => void = () => {};
    const loadRoutes: LoadRemoteRoutes = (name) =>
      name === 'mf_cashout' ? new Promise((resolve) => (finishFirst = () => resolve(remotes.loadRoutes(name)))) : remotes.loadRoutes(name);
    render(<Page enabled loadRoutes={loadRoutes} />);
    await settle();
    expect(remotes.asked).toEqual([]);
    finishFirst();
    await settle();
    expect(remotes.preloaded).toEqual(['/Cashout', '/my-offers', '/Profile']);
  });

  it('goes on after a page that failed to load', async () => {
    const remotes = fakeRemotes();
    const loadRoutes: LoadRemoteRoutes = (name) => (name === 'mf_cashout' ? Promise.reject(new Error('down')) : remotes.loadRoutes(name));
    render(<Page enabled loadRoutes={loadRoutes} />);
    await settle();
    expect(remotes.preloaded).toEqual(['/my-offers', '/Profile']);
  });

  it('loads nothing while disabled (a visitor, a page not shown yet)', async () => {
    const remotes = fakeRemotes();
    render(<Page enabled={false} loadRoutes={remotes.loadRoutes} />);
    await settle();
    expect(remotes.asked).toEqual([]);
  });

  it.each([[{ saveData: true }], [{ effectiveType: '2g' }], [{ effectiveType: 'slow-2g' }]])('loads nothing on a data-saving connection %j', async (connection) => {
    setConnection(connection);
    const remotes = fakeRemotes();
    render(<Page enabled loadRoutes={remotes.loadRoutes} />);
    await settle();
    expect(remotes.asked).toEqual([]);
  });

  it('stops once unmounted', async () => {
    const remotes = fakeRemotes();
    const { unmount } = render(<Page enabled loadRoutes={remotes.loadRoutes} />);
    unmount();
    await settle();
    expect(remotes.asked).toEqual([]);
  });
});

describe('likelyNextPaths', () => {
  it('lists each navigation path once, matching the current page case-insensitively', () => {
    window.history.replaceState(null, '', '/earn');
    document.body.innerHTML = '<header><a href="/Earn">E</a><a href="/Cashout">C</a><a href="/Cashout">C again</a></header>';
    expect(likelyNextPaths()).toEqual(['/Cashout']);
    document.body.innerHTML = '';
  });
});

describe('preloadPage', () => {
  it("loads the owning remote's route table and the code of the page matching the path, case-insensitively", async () => {
    const preloads: string[] = [];
    const table = [route('/Earn', async () => preloads.push('earn')), route('/offers', async () => preloads.push('offers'))];
    const loadRoutes = jest.fn(() => Promise.resolve(table));
    await preloadPage('/OFFERS', REMOTES, loadRoutes);
    expect(loadRoutes).toHaveBeenCalledWith('mf_earn');
    expect(preloads).toEqual(['offers']);
  });

  it('asks no remote for a path none owns, and takes a route without preload as it is', async () => {
    const loadRoutes = jest.fn(() => Promise.resolve([route('/Cashout')]));
    await preloadPage('/nowhere', REMOTES, loadRoutes);
    expect(loadRoutes).not.toHaveBeenCalled();
    await expect(preloadPage('/Cashout', REMOTES, loadRoutes)).resolves.toBeUndefined();
  });
});
