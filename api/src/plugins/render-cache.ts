/** After a render failed, its page goes without it this long before the next try. */
export const RETRY_FAILED_RENDER_MS = 30_000;

/** A render started by `RenderCache.get`: `value` once it resolved, `failedAt` once it failed. */
export type CachedRender<T> = {
  /** The render's own promise: rejects when the render failed. */
  readonly result: Promise<T>;
  /** Resolves when the render resolved or failed; never rejects. */
  readonly settled: Promise<void>;
  value?: T;
  failedAt?: number;
};

export type RenderCache<T> = {
  /**
   * The render for `key`, started with `render` when there is none, or when the last one failed at least
   * `retryMs` ago. The most recently asked keys are kept.
   */
  get(key: string, render: () => Promise<T>): CachedRender<T>;
};

export type RenderCacheOptions = {
  /** Renders kept: the least recently asked goes first. */
  maxEntries: number;
  /** Told of each failed render, once, with its key. */
  onFailure: (error: unknown, key: string) => void;
  retryMs?: number;
  now?: () => number;
};

/** The renders of prerender bundles in worker threads (`bundle-worker.ts`), each made once per key. */
export function createRenderCache<T>({ maxEntries, onFailure, retryMs = RETRY_FAILED_RENDER_MS, now = Date.now }: RenderCacheOptions): RenderCache<T> {
  const renders = new Map<string, CachedRender<T>>();

  function start(key: string, render: () => Promise<T>): CachedRender<T> {
    let result: Promise<T>;
    try {
      result = render();
    } catch (error) {
      // A render that throws before its promise exists fails like one that rejects.
      result = Promise.reject(error);
    }
    const entry: CachedRender<T> = {
      result,
      settled: result.then(
        (value) => void (entry.value = value),
        (error: unknown) => {
          entry.failedAt = now();
          onFailure(error, key);
        },
      ),
    };
    return entry;
  }

  return {
    get(key, render) {
      const cached = renders.get(key);
      const usable = cached && (cached.failedAt === undefined || now() - cached.failedAt < retryMs);
      const entry = usable ? cached : start(key, render);
      renders.delete(key);
      renders.set(key, entry);
      if (renders.size > maxEntries) renders.delete(renders.keys().next().value!);
      return entry;
    },
  };
}
