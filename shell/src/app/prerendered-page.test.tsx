import { render, screen } from '@testing-library/react';
import { PrerenderedPageContext, PrerenderedPageView, takePrerenderedPage, usePrerenderedPage } from './prerendered-page';

function mountPoint(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('the page the server prerendered', () => {
  it('is read from the mount point with its path, before React empties it', () => {
    const root = mountPoint('<div class="prerendered-page" data-prerendered-path="/"><h1>Get paid</h1> <p>now</p></div>');
    const heading = root.querySelector('h1');
    const page = takePrerenderedPage(root);
    expect(page?.path).toBe('/');
    expect(page?.nodes.map((node) => node.textContent)).toEqual(['Get paid', ' ', 'now']);
    // The very nodes the browser parsed, not a copy.
    expect(page?.nodes[0]).toBe(heading);
  });

  it('tells whether the server painted it without room for the live earnings strip (Live Stats off)', () => {
    expect(takePrerenderedPage(mountPoint('<div class="prerendered-page" data-prerendered-path="/Cashout"><h1>Cashout</h1></div>'))?.paintedWithoutLiveStats).toBe(false);
    expect(takePrerenderedPage(mountPoint('<div class="prerendered-page" data-prerendered-path="/Cashout" data-live-stats-off=""><h1>Cashout</h1></div>'))?.paintedWithoutLiveStats).toBe(true);
  });

  it('is nothing when the server sent none, or sent it deeper than the mount point', () => {
    expect(takePrerenderedPage(mountPoint(''))).toBeNull();
    expect(takePrerenderedPage(mountPoint('<main><div data-prerendered-path="/"><h1>x</h1></div></main>'))).toBeNull();
    expect(takePrerenderedPage(mountPoint('<div data-prerendered-path=""><h1>x</h1></div>'))).toBeNull();
  });

  it('is shown for its own path only', () => {
    function Probe({ path }: { path: string }) {
      const page = usePrerenderedPage(path);
      return page ? <PrerenderedPageView page={page} /> : <p>skeleton</p>;
    }
    const page = takePrerenderedPage(mountPoint('<div data-prerendered-path="/"><h1>Get paid</h1></div>'));
    const { rerender } = render(
      <PrerenderedPageContext.Provider value={page}>
        <Probe path="/" />
      </PrerenderedPageContext.Provider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Get paid' })).toBeInTheDocument();
    rerender(
      <PrerenderedPageContext.Provider value={page}>
        <Probe path="/faq" />
      </PrerenderedPageContext.Provider>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    // Shown again, it shows the same nodes again.
    rerender(
      <PrerenderedPageContext.Provider value={page}>
        <Probe path="/" />
      </PrerenderedPageContext.Provider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Get paid' })).toBeInTheDocument();
  });
});
