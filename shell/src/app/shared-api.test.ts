import { yieldToBrowser } from './yield-to-browser';
import { loadSharedApi } from './shared-api';

jest.mock('./yield-to-browser', () => ({ yieldToBrowser: jest.fn() }));

describe('loadSharedApi', () => {
  it('hands the API over in a task after the one that evaluated it, so its first use renders in a task of its own', async () => {
    let nextTask = () => {};
    jest.mocked(yieldToBrowser).mockImplementation(() => new Promise((resolve) => (nextTask = resolve)));
    let api: unknown = null;
    const loading = loadSharedApi().then((loaded) => (api = loaded));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
    expect(api).toBeNull();
    nextTask();
    await loading;
    expect(api).toEqual(expect.objectContaining({ reducerPath: expect.any(String) }));
  });
});
