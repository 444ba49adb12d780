import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { lazyPage } from './lazy-page';

function Page() {
  return <h1>The page</h1>;
}

function renderInSuspense(Component: ComponentType) {
  return render(
    <Suspense fallback={<p>Loading the page</p>}>
      <Component />
    </Suspense>,
  );
}

describe('lazyPage: a route page loaded on its first showing or ahead of it', () => {
  it('loads when first shown, with the fallback meanwhile', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    const { Component } = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    renderInSuspense(Component);
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });

  it('renders a preloaded page in the first render, loading it once', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    const { Component, preload } = lazyPage(load);
    await act(async () => {
      await preload?.();
      await preload?.();
    });
    renderInSuspense(Component);
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the page')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed preload', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page });
    const { preload } = lazyPage(load);
    await expect(preload?.()).rejects.toThrow('offline');
    await expect(preload?.()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
