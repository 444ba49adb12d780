import { act, renderHook } from '@testing-library/react';
import { useCooldown } from './use-cooldown';

describe('useCooldown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is over at once unless started', () => {
    const { result } = renderHook(() => useCooldown(60_000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('counts down from 60 to 0 once a second when started at mount', () => {
    const { result } = renderHook(() => useCooldown(60_000, true));
    expect(result.current.secondsLeft).toBe(60);
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => jest.advanceTimersByTime(58_000));
    expect(result.current.secondsLeft).toBe(1);
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('starts a new wait with start()', () => {
    const { result } = renderHook(() => useCooldown(60_000));
    act(() => jest.advanceTimersByTime(5000));
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(60);
    act(() => jest.advanceTimersByTime(30_000));
    expect(result.current.secondsLeft).toBe(30);
  });
});
