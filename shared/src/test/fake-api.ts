import { jsonResponse } from './render-with-providers';

/** Answers a request to one route. */
export type FakeAnswer = (request: Request) => Response | Promise<Response>;

/** Answers by `METHOD /path`: the path below `/api`, without the query (`'POST /user/Login'`). */
export type FakeAnswers = Record<string, FakeAnswer>;

type SeenRequest = { route: string; request: Request; body: Promise<unknown> };

/**
 * Fakes the HTTP edge for component tests: `window.fetch` answers as the API would, a request nobody answers
 * gets a 404 envelope, and every request is kept, as it is sent, for assertions.
 */
export function fakeApi(answers: FakeAnswers) {
  const seen: SeenRequest[] = [];
  const fetchMock = jest.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const route = routeOf(request);
    seen.push({ route, request, body: bodyOf(request) });
    const answer = answers[route];
    return answer ? answer(request) : jsonResponse({ status: 'error', message: 'Not found' }, 404);
  });
  const sentTo = (route: string) => seen.filter((request) => request.route === route);
  return {
    fetchMock,
    /** The requests sent to `METHOD /path`, oldest first. */
    requests: (route: string): Request[] => sentTo(route).map(({ request }) => request),
    /** The bodies sent to `METHOD /path`, oldest first (see bodyOf). */
    bodies: (route: string): Promise<unknown[]> => Promise.all(sentTo(route).map(({ body }) => body)),
    /** The body of the latest request to `METHOD /path` (see bodyOf). */
    async lastBody(route: string): Promise<unknown> {
      const latest = sentTo(route).at(-1);
      if (!latest) throw new Error(`nothing was sent to ${route}`);
      return latest.body;
    },
  };
}

/**
 * The body as JSON (undefined when empty), or a multipart form as name → value with a file as "name (type)";
 * read from a copy so the answer can still read the request.
 */
async function bodyOf(request: Request): Promise<unknown> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await request.clone().formData();
    return Object.fromEntries([...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `${value.name} (${value.type})`]));
  }
  const text = await request.clone().text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function routeOf(request: Request): string {
  return `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
}

export const ok = (body: unknown = { status: 'success' }, status = 200) => () => jsonResponse(body, status);
export const fail = (status: number, body: unknown = { status: 'error' }) => () => jsonResponse(body, status);
export const networkDown = () => () => Promise.reject(new TypeError('Failed to fetch'));

/** A response that never arrives, to look at loading states. */
export function pending(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}

/** A response that arrives only when the test says so. */
export function deferredResponse() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
