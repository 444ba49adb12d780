import { yieldToBrowser } from '../app/yield-to-browser';
import { sharePerTaskPlugin } from './share-per-task';

jest.mock('../app/yield-to-browser', () => ({ yieldToBrowser: jest.fn() }));

describe('sharePerTaskPlugin', () => {
  it('hands the shared module on unchanged once the browser has had its turn', async () => {
    let browsersTurn: () => void = () => {};
    jest.mocked(yieldToBrowser).mockReturnValue(new Promise((resolve) => (browsersTurn = resolve)));
    const args = { pkgName: 'react' } as never;
    let resolved: unknown = null;
    const loading = Promise.resolve(sharePerTaskPlugin.beforeLoadShare!(args)).then((value: unknown) => (resolved = value));
    await Promise.resolve();
    expect(resolved).toBeNull();
    browsersTurn();
    await loading;
    expect(resolved).toBe(args);
  });
});
