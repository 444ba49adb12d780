import { act, render } from '@testing-library/react';
import { lazy, type ReactElement, Suspense } from 'react';
import { createPageShownSignal, PAGE_SHOWN_FALLBACK_MS, PageShownContext, ReportPageShown, usePageShown } from './page-shown';

function Probe() {
  return <p>{usePageShown() ? 'shown' : 'waiting'}</p>;
}

describe('page shown signal', () => {
  afterEach(() => jest.useRealTimers());

  it('is reported when the page’s content commits, not while its code is still loading', async () => {
    const signal = createPageShownSignal();
    let loaded: (module: { default: () => ReactElement }) => void = () => {};
    const Page = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (loaded = resolve)));
    const { getByText } = render(
      <PageShownContext.Provider value={signal}>
        <Probe />
        <Suspense fallback={<p>loading page</p>}>
          <Page />
          <ReportPageShown />
        </Suspense>
      </PageShownContext.Provider>,
    );
    expect(getByText('waiting')).toBeInTheDocument();
    await act(async () => loaded({ default: () => <h1>Page</h1> }));
    expect(getByText('shown')).toBeInTheDocument();
    expect(signal.isShown()).toBe(true);
  });

  it('counts the page as shown after a while even if it never reports (a remote that does not answer)', () => {
    jest.useFakeTimers();
    const signal = createPageShownSignal();
    const { getByText } = render(
      <PageShownContext.Provider value={signal}>
        <Probe />
      </PageShownContext.Provider>,
    );
    act(() => jest.advanceTimersByTime(PAGE_SHOWN_FALLBACK_MS - 1));
    expect(getByText('waiting')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(getByText('shown')).toBeInTheDocument();
  });
});
