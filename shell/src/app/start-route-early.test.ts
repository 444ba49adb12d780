import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { startRouteEarly } from './start-route-early';

// jsdom has no MessageChannel; the browser's turn is a resolved promise here.
jest.mock('./yield-to-browser', () => ({ yieldToBrowser: () => Promise.resolve() }));

function Page() {
  return null;
}

function route(path: string, overrides: Partial<RemoteRoute> = {}): RemoteRoute {
  return {
    path,
    Component: Page,
    audience: 'signed-in',
    meta: { title: path, description: `The page at ${path}.` },
    preload: jest.fn(() => Promise.resolve()),
    prefetch: jest.fn(),
    ...overrides,
  };
}

const dispatch = jest.fn();

describe("a route's code and data, started as its remote's route table arrives", () => {
  it('starts the matched page\'s code and, open to anyone, its data while the session is checked', async () => {
    const earn = route('/Earn', { prefetchBeforeSession: true });
    const offers = route('/offers', { prefetchBeforeSession: true });
    await startRouteEarly([offers, earn], '/Earn', () => 'unknown', dispatch);
    expect(earn.preload).toHaveBeenCalledTimes(1);
    expect(earn.prefetch).toHaveBeenCalledWith(dispatch);
    expect(offers.preload).not.toHaveBeenCalled();
    expect(offers.prefetch).not.toHaveBeenCalled();
  });

  it("asks for a signed-in page's data only once the session is known to be signed in (a visitor's request fails with 401)", async () => {
    const unknown = route('/my-offers');
    await startRouteEarly([unknown], '/my-offers', () => 'unknown', dispatch);
    expect(unknown.preload).toHaveBeenCalledTimes(1);
    expect(unknown.prefetch).not.toHaveBeenCalled();

    const visitor = route('/my-offers');
    await startRouteEarly([visitor], '/my-offers', () => 'unauthenticated', dispatch);
    expect(visitor.prefetch).not.toHaveBeenCalled();

    const signedIn = route('/my-offers');
    await startRouteEarly([signedIn], '/my-offers', () => 'authenticated', dispatch);
    expect(signedIn.prefetch).toHaveBeenCalledWith(dispatch);
  });

  it('matches as the router does: any letter case, parameters, the most specific path first', async () => {
    const referral = route('/ref/:id', { audience: 'any' });
    const referralHelp = route('/ref/help', { audience: 'any' });
    await startRouteEarly([referral, referralHelp], '/REF/help', () => 'unauthenticated', dispatch);
    expect(referralHelp.prefetch).toHaveBeenCalledTimes(1);
    expect(referral.prefetch).not.toHaveBeenCalled();
    await startRouteEarly([referral, referralHelp], '/ref/abc123', () => 'unauthenticated', dispatch);
    expect(referral.prefetch).toHaveBeenCalledTimes(1);
  });

  it('reads the session as it is once its task comes, not as it was when the table arrived', async () => {
    const myOffers = route('/my-offers');
    let status: 'unknown' | 'authenticated' = 'unknown';
    const started = startRouteEarly([myOffers], '/my-offers', () => status, dispatch);
    status = 'authenticated';
    await started;
    expect(myOffers.prefetch).toHaveBeenCalledWith(dispatch);
  });

  it('starts nothing for a path no route of the table matches (the 404 page)', async () => {
    const earn = route('/Earn', { prefetchBeforeSession: true });
    await startRouteEarly([earn], '/Earnings', () => 'authenticated', dispatch);
    expect(earn.preload).not.toHaveBeenCalled();
    expect(earn.prefetch).not.toHaveBeenCalled();
  });

  it("leaves a failed code load to the page's own boundary, without an unhandled rejection", async () => {
    const failing = route('/Earn', { preload: jest.fn(() => Promise.reject(new Error('chunk failed'))) });
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    await startRouteEarly([failing], '/Earn', () => 'authenticated', dispatch);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
