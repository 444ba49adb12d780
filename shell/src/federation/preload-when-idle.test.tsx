import { act, render } from '@testing-library/react';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import type { RemoteConfig } from '@rewards/shared/contracts/runtime-config';
import { testRuntimeConfig } from '../test/runtime-config';
import {
  IDLE_PRELOAD_DELAY_MS,
  IDLE_RUN_DELAY_MS,
  likelyNextPaths,
  preloadPage,
  remotesOwning,
  usePreloadWhenIdle,
  type LoadRemoteRoutes,
  type PrefetchRemote,
} from './preload-when-idle';

const REMOTES = testRuntimeConfig.remotes;

function route(path: string, preload?: () => Promise<unknown>): RemoteRoute {
  return { path, Component: () => null, meta: { title: path, description: path }, audience: 'signed-in', preload };
}

/**
 * A fake federation: the remotes whose files were fetched (`prefetched`), each remote's route table asked for
 * (`asked`, which runs its entry) and each page whose code ran (`preloaded`).
 */
function fakeRemotes() {
  const prefetched: string[] = [];
  const asked: string[] = [];
  const preloaded: string[] = [];
  const page = (path: string) => route(path, () => Promise.resolve(preloaded.push(path)));
  const tables: Record<string, RemoteRoute[]> = {
    mf_earn: [page('/Earn'), page('/my-offers')],
    mf_cashout: [page('/Cashout')],
    mf_account: [page('/Profile')],
    mf_marketing: [page('/faq')],
  };
  const prefetch: PrefetchRemote = (remote) => {
    prefetched.push(remote.name);
    return Promise.resolve();
  };
  const loadRoutes: LoadRemoteRoutes = (name) => {
    asked.push(name);
    return Promise.resolve(tables[name] ?? []);
  };
  return { prefetch, loadRoutes, prefetched, asked, preloaded };
}

type Fake = Pick<ReturnType<typeof fakeRemotes>, 'prefetch' | 'loadRoutes'>;

function Page({ enabled, remotes, isLoaded }: { enabled: boolean; remotes: Fake; isLoaded?: (remoteName: string) => boolean }) {
  usePreloadWhenIdle({ enabled, remotes: REMOTES, prefetch: remotes.prefetch, loadRoutes: remotes.loadRoutes, isLoaded });
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

describe('prefetching the likely next remotes once the page settled', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/Earn');
    setConnection(undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    setConnection(undefined);
  });

  /** Moves the clock on by `ms` and lets what that starts run. */
  async function advance(ms: number) {
    await act(async () => {
      jest.advanceTimersByTime(ms);
      await Promise.resolve();
    });
  }

  it('waits for the delay after load, then fetches the files of the remotes behind the visible navigation links, each once, running none', async () => {
    const remotes = fakeRemotes();
    render(<Page enabled remotes={remotes} />);
    await advance(IDLE_PRELOAD_DELAY_MS - 1);
    expect(remotes.prefetched).toEqual([]);
    await advance(1);
    for (let round = 0; round < 5; round += 1) await advance(0);
    expect(remotes.prefetched).toEqual(['mf_cashout', 'mf_earn', 'mf_account']);
    expect(remotes.asked).toEqual([]);
  });

  it("fetches no files of a remote whose route table is in (the page's own), and still runs its other pages' code", async () => {
    const remotes = fakeRemotes();
    render(<Page enabled remotes={remotes} isLoaded={(name) => name === 'mf_earn'} />);
    await advance(IDLE_PRELOAD_DELAY_MS);
    for (let round = 0; round < 5; round += 1) await advance(0);
    expect(remotes.prefetched).toEqual(['mf_cashout', 'mf_account']);
    await advance(IDLE_RUN_DELAY_MS);
    await settle();
    expect(remotes.preloaded).toEqual(['/Cashout', '/my-offers', '/Profile']);
  });

  it('runs the code of those pages once the files are in and the run delay has passed, one page at a time', async () => {
    const remotes = fakeRemotes();
    render(<Page enabled remotes={remotes} />);
    await advance(IDLE_PRELOAD_DELAY_MS);
    for (let round = 0; round < 5; round += 1) await advance(0);
    await advance(IDLE_RUN_DELAY_MS - 1);
    expect(remotes.asked).toEqual([]);
    await settle();
    expect(remotes.asked).toEqual(['mf_cashout', 'mf_earn', 'mf_account']);
    expect(remotes.preloaded).toEqual(['/Cashout', '/my-offers', '/Profile']);
  });

  it('fetches one remote at a time, the next once the previous is in', async () => {
    const remotes = fakeRemotes();
    let finishFirst: () => void = () => {};
    const prefetch: PrefetchRemote = (remote) =>
      remote.name === 'mf_cashout' ? new Promise((resolve) => (finishFirst = () => resolve(remotes.prefetch(remote)))) : remotes.prefetch(remote);
    render(<Page enabled remotes={{ ...remotes, prefetch }} />);
    await settle();
    expect(remotes.prefetched).toEqual([]);
    finishFirst();
    await settle();
    expect(remotes.prefetched).toEqual(['mf_cashout', 'mf_earn', 'mf_account']);
  });

  it('goes on after a remote whose files or code failed', async () => {
    const remotes = fakeRemotes();
    const prefetch: PrefetchRemote = (remote) => (remote.name === 'mf_cashout' ? Promise.reject(new Error('down')) : remotes.prefetch(remote));
    const loadRoutes: LoadRemoteRoutes = (name) => (name === 'mf_earn' ? Promise.reject(new Error('down')) : remotes.loadRoutes(name));
    render(<Page enabled remotes={{ prefetch, loadRoutes }} />);
    await settle();
    expect(remotes.prefetched).toEqual(['mf_earn', 'mf_account']);
    expect(remotes.preloaded).toEqual(['/Cashout', '/Profile']);
  });

  it('does nothing while disabled (a visitor, a page not shown yet)', async () => {
    const remotes = fakeRemotes();
    render(<Page enabled={false} remotes={remotes} />);
    await settle();
    expect(remotes.prefetched).toEqual([]);
    expect(remotes.asked).toEqual([]);
  });

  it.each([[{ saveData: true }], [{ effectiveType: '2g' }], [{ effectiveType: 'slow-2g' }]])('does nothing on a data-saving connection %j', async (connection) => {
    setConnection(connection);
    const remotes = fakeRemotes();
    render(<Page enabled remotes={remotes} />);
    await settle();
    expect(remotes.prefetched).toEqual([]);
    expect(remotes.asked).toEqual([]);
  });

  it('stops once unmounted, between the two steps too', async () => {
    const remotes = fakeRemotes();
    const { unmount } = render(<Page enabled remotes={remotes} />);
    await advance(IDLE_PRELOAD_DELAY_MS);
    for (let round = 0; round < 5; round += 1) await advance(0);
    expect(remotes.prefetched).toHaveLength(3);
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

describe('remotesOwning', () => {
  const names = (remotes: RemoteConfig[]) => remotes.map((remote) => remote.name);

  it('names each owning remote once, in the order of the paths, and skips paths no remote owns', () => {
    expect(names(remotesOwning(['/Cashout', '/nowhere', '/OFFERS', '/Earn', '/Profile'], REMOTES))).toEqual(['mf_cashout', 'mf_earn', 'mf_account']);
  });

  it("names no console for anyone but staff: their runtime config does not list it", () => {
    expect(names(remotesOwning(['/admin', '/admin/tickets', '/Earn'], REMOTES))).toEqual(['mf_earn']);
  });
});

describe('preloadPage', () => {
  it("runs the route table of the path's remote and its page's code, matching the path case-insensitively", async () => {
    const remotes = fakeRemotes();
    await preloadPage('/OFFERS', REMOTES, remotes.loadRoutes);
    expect(remotes.asked).toEqual(['mf_earn']);
    await preloadPage('/CASHOUT', REMOTES, remotes.loadRoutes);
    expect(remotes.preloaded).toEqual(['/Cashout']);
  });

  it('does nothing for a path no remote owns', async () => {
    const remotes = fakeRemotes();
    await preloadPage('/nowhere', REMOTES, remotes.loadRoutes);
    expect(remotes.asked).toEqual([]);
  });

  it("does nothing for the staff console in anyone's but a staff member's runtime config", async () => {
    const remotes = fakeRemotes();
    await preloadPage('/admin/users', REMOTES, remotes.loadRoutes);
    expect(remotes.asked).toEqual([]);
  });
});
