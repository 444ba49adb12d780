import { throttled } from './throttled';

describe('throttled', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the first call at once and a burst as one call after the interval', () => {
    const run = jest.fn();
    const refresh = throttled(run, 1_000);
    refresh.call();
    refresh.call();
    refresh.call();
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(999);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('drops a waiting call when cancelled', () => {
    const run = jest.fn();
    const refresh = throttled(run, 1_000);
    refresh.call();
    refresh.call();
    refresh.cancel();
    jest.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
