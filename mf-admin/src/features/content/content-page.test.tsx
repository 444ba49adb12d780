import { screen } from '@testing-library/react';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

describe('Content (admin)', () => {
  it('holds the place of the content editor and asks the API nothing yet', async () => {
    const { api } = renderConsole('/admin/content', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Content' })).toBeInTheDocument();
    expect(api.fetchMock.mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname)).toEqual(['/api/admin/me']);
  });
});
