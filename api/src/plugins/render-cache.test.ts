import { createRenderCache, RETRY_FAILED_RENDER_MS } from './render-cache';

describe('the render cache of prerender bundles', () => {
  function setUp(maxEntries = 3) {
    let clock = 1_000;
    const failures: Array<[string, string]> = [];
    const cache = createRenderCache<string>({
      maxEntries,
      now: () => clock,
      onFailure: (error, key) => void failures.push([key, (error as Error).message]),
    });
    let renders = 0;
    const renderAs = (html: string) => async () => {
      renders += 1;
      return html;
    };
    return { cache, failures, renderAs, renders: () => renders, advance: (ms: number) => void (clock += ms) };
  }

  it('renders once per key, even when asked again before the render ended', async () => {
    const { cache, renderAs, renders } = setUp();
    const first = cache.get('a', renderAs('<p>a</p>'));
    const again = cache.get('a', renderAs('<p>other</p>'));
    expect(again).toBe(first);
    expect(first.value).toBeUndefined();
    await expect(first.result).resolves.toBe('<p>a</p>');
    expect(first.value).toBe('<p>a</p>');
    expect(cache.get('a', renderAs('<p>other</p>')).value).toBe('<p>a</p>');
    expect(renders()).toBe(1);
  });

  it('keeps the most recently asked keys', async () => {
    const { cache, renderAs, renders } = setUp(2);
    cache.get('a', renderAs('a'));
    cache.get('b', renderAs('b'));
    cache.get('a', renderAs('a'));
    cache.get('c', renderAs('c'));
    expect(renders()).toBe(3);
    cache.get('a', renderAs('a'));
    expect(renders()).toBe(3);
    cache.get('b', renderAs('b'));
    expect(renders()).toBe(4);
  });

  it('tells of a failed render once, and renders it again only after the retry time', async () => {
    const { cache, failures, renderAs, renders, advance } = setUp();
    const failing = cache.get('a', async () => {
      throw new Error('the bundle threw');
    });
    await expect(failing.result).rejects.toThrow('the bundle threw');
    await failing.settled;
    expect(failing.failedAt).toBe(1_000);
    expect(failures).toEqual([['a', 'the bundle threw']]);

    advance(RETRY_FAILED_RENDER_MS - 1);
    expect(cache.get('a', renderAs('a'))).toBe(failing);
    advance(1);
    const retried = cache.get('a', renderAs('a'));
    expect(retried).not.toBe(failing);
    await retried.settled;
    expect(retried.value).toBe('a');
    expect(renders()).toBe(1);
    expect(failures).toHaveLength(1);
  });

  it('fails a render that throws before it has a promise like one that rejects, and settles either way', async () => {
    const { cache, failures } = setUp();
    const entry = cache.get('a', () => {
      throw new Error('no bundle');
    });
    await expect(entry.settled).resolves.toBeUndefined();
    await expect(entry.result).rejects.toThrow('no bundle');
    expect(failures).toEqual([['a', 'no bundle']]);
  });
});
