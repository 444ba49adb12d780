import { fireEvent, render, screen } from '@testing-library/react';
import type { RemoteConfig } from '@rewards/shared/contracts/runtime-config';
import { usePreloadOnIntent } from './preload-on-intent';

const REMOTES: RemoteConfig[] = [
  { name: 'mf_marketing', manifest: '/remotes/mf-marketing/mf-manifest.json', routes: ['/', '/faq'] },
  { name: 'mf_earn', manifest: '/remotes/mf-earn/mf-manifest.json', routes: ['/Earn', '/offers'] },
  { name: 'mf_cashout', manifest: '/remotes/mf-cashout/mf-manifest.json', routes: ['/Cashout'] },
];

function Page({ preload }: { preload: (remoteName: string) => Promise<unknown> }) {
  usePreloadOnIntent(REMOTES, preload);
  return (
    <nav>
      <a href="/Earn">
        <span>Earn</span>
      </a>
      <a href="/offers?chip=pc">Offers</a>
      <a href="/Cashout">Cashout</a>
      <a href="https://elsewhere.example/Cashout">Elsewhere</a>
      <a href="/nowhere">Nowhere</a>
      <a href="/admin/tickets">Console</a>
      <button type="button">Not a link</button>
    </nav>
  );
}

describe('preloading the next remote on intent', () => {
  it("loads the route table of the remote a link leads to when the pointer reaches it, once per remote", async () => {
    const preload = jest.fn(() => Promise.resolve());
    render(<Page preload={preload} />);
    expect(preload).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByText('Earn'));
    fireEvent.pointerOver(screen.getByText('Offers'));
    fireEvent.pointerOver(screen.getByText('Earn'));
    expect(preload.mock.calls).toEqual([['mf_earn']]);
  });

  it('loads on keyboard focus and touch too', () => {
    const preload = jest.fn(() => Promise.resolve());
    render(<Page preload={preload} />);
    fireEvent.focusIn(screen.getByRole('link', { name: 'Cashout' }));
    fireEvent.touchStart(screen.getByText('Earn'));
    expect(preload.mock.calls).toEqual([['mf_cashout'], ['mf_earn']]);
  });

  // The staff console is in no runtime config but a staff member's: for anyone else /admin is a path no remote owns.
  it('leaves links to other sites, paths no remote owns (the staff console too) and anything not a link alone', () => {
    const preload = jest.fn(() => Promise.resolve());
    render(<Page preload={preload} />);
    for (const name of ['Elsewhere', 'Nowhere', 'Console']) fireEvent.pointerOver(screen.getByRole('link', { name }));
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Not a link' }));
    expect(preload).not.toHaveBeenCalled();
  });

  it('asks again after a failed warm-up, and stops listening once unmounted', async () => {
    const preload = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(undefined);
    const { unmount } = render(<Page preload={preload} />);
    fireEvent.pointerOver(screen.getByText('Earn'));
    await Promise.resolve();
    fireEvent.pointerOver(screen.getByText('Earn'));
    expect(preload).toHaveBeenCalledTimes(2);
    const cashout = screen.getByText('Cashout');
    unmount();
    document.body.append(cashout);
    fireEvent.pointerOver(cashout);
    expect(preload).toHaveBeenCalledTimes(2);
  });
});
