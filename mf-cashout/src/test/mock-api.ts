/** Answers the page's calls at the HTTP edge: `'GET /api/Cashout/stats'` → a handler returning a Response. */
export type ApiHandler = (request: Request) => Response | Promise<Response>;

export function mockApi(routes: Record<string, ApiHandler>) {
  const fetchMock = jest.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const route = `${request.method} ${new URL(request.url).pathname}`;
    const handler = routes[route];
    if (!handler) throw new TypeError(`Failed to fetch: nothing answers ${route}`);
    return handler(request);
  });

  /** The requests sent to `route` (`'POST /api/Cashout/Store'`), oldest first. */
  function requestsTo(route: string): Request[] {
    return fetchMock.mock.calls
      .map(([input]) => input as Request)
      .filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
  }

  return { fetchMock, requestsTo };
}

/** A response that arrives only when the test says so. */
export function deferredResponse() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
