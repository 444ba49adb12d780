import type { RouteOptions } from 'fastify';

/** One route as the fuzzer sees it: where it is, how it is called, which names its body and query read. */
export type FuzzRoute = {
  url: string;
  methods: string[];
  bodyFields: string[];
  queryFields: string[];
};

/**
 * Collects the app's routes as they are added (pass `onRoute` to buildApp): every route, including ones
 * added after this suite was written, is fuzzed without anyone listing it here.
 */
export function routeCollector() {
  const byUrl = new Map<string, FuzzRoute>();
  const onRoute = (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    const existing = byUrl.get(route.url);
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
    const found: FuzzRoute = {
      url: route.url,
      methods: [...new Set([...(existing?.methods ?? []), ...methods])],
      bodyFields: [...new Set([...(existing?.bodyFields ?? []), ...fieldNamesOf(schema.body)])],
      queryFields: [...new Set([...(existing?.queryFields ?? []), ...fieldNamesOf(schema.querystring)])],
    };
    byUrl.set(route.url, found);
  };
  return { onRoute, routes: (): FuzzRoute[] => [...byUrl.values()] };
}

type ZodLike = { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } };

/** The keys of a zod object schema, looking through transforms, pipes, refinements and defaults. */
export function fieldNamesOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 8) return [];
  const zod = schema as ZodLike;
  if (zod.shape && typeof zod.shape === 'object') return Object.keys(zod.shape);
  const def = zod._zod?.def;
  if (!def) return [];
  for (const inner of ['in', 'innerType', 'schema', 'left', 'right']) {
    const names = fieldNamesOf(def[inner], depth + 1);
    if (names.length > 0) return names;
  }
  return [];
}
