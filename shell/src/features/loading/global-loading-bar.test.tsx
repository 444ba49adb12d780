import { act, screen, waitFor } from '@testing-library/react';
import { api } from '@rewards/shared/api/api';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { sampleUser } from '@rewards/shared/test/sample-user';
import { GlobalLoadingBar } from './global-loading-bar';

describe('global loading indicator', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows while an API request is in flight and goes when it answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    jest.spyOn(window, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { store } = renderWithProviders(<GlobalLoadingBar />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    let request: Promise<unknown> = Promise.resolve();
    act(() => {
      request = store.dispatch(api.endpoints.getProfile.initiate());
    });
    expect(await screen.findByRole('progressbar', { name: 'Loading data' })).toBeInTheDocument();

    await act(async () => {
      answer(jsonResponse({ status: 'success', data: sampleUser() }));
      await request;
    });
    // RTK notifies subscribers of query results on the next frame (auto-batching).
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
