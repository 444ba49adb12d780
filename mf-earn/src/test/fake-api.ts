import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';

/** One request as the fake API saw it. */
export type SeenRequest = { method: string; path: string; body: unknown };

type Answer = (request: SeenRequest) => Response | Promise<Response>;

/**
 * Mocks `fetch` at the HTTP edge, answering by "METHOD /path"; unknown calls get a 404 envelope.
 * Returns the requests seen, in order.
 */
export function fakeApi(routes: Record<string, Answer | unknown>) {
  const seen: SeenRequest[] = [];
  const spy = jest.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const seenRequest: SeenRequest = { method: request.method, path: new URL(request.url).pathname, body: await bodyOf(request) };
    seen.push(seenRequest);
    const route = routes[`${seenRequest.method} ${seenRequest.path}`];
    if (route === undefined) return jsonResponse({ status: 'error', message: 'Not found' }, 404);
    return typeof route === 'function' ? (route as Answer)(seenRequest) : jsonResponse(route);
  });
  return { seen, spy, calls: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path) };
}

/** A JSON body parsed; a multipart form as name → value, a file as "name (type)". */
async function bodyOf(request: Request): Promise<unknown> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await request.clone().formData();
    return Object.fromEntries([...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `${value.name} (${value.type})`]));
  }
  const text = await request.clone().text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** A response that never arrives, to look at loading states. */
export function pending(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}
