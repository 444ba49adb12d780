import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';

/** Answers by `METHOD /path` (the path below `/api`, without the query); unanswered requests get a 404 envelope. */
export type FakeAnswers = Record<string, (request: Request) => Response | Promise<Response>>;

/** Fakes the HTTP edge: `window.fetch` answers as the API would, and every request is kept for assertions. */
export function fakeApi(answers: FakeAnswers) {
  const fetchMock = jest.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const answer = answers[routeOf(request)];
    return answer ? answer(request) : jsonResponse({ status: 'error', message: 'Not found' }, 404);
  });
  return {
    fetchMock,
    requests(route: string): Request[] {
      return fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => routeOf(request) === route);
    },
    async bodies(route: string): Promise<unknown[]> {
      return Promise.all(this.requests(route).map((request) => request.clone().json()));
    },
  };
}

function routeOf(request: Request): string {
  return `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
}

export const ok = (body: unknown = { status: 'success' }, status = 200) => () => jsonResponse(body, status);
export const fail = (status: number, body: unknown = { status: 'error' }) => () => jsonResponse(body, status);
export const networkDown = () => () => Promise.reject(new TypeError('Failed to fetch'));
