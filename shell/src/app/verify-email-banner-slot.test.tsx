import { act, screen } from '@testing-library/react';
import type { RootState } from '@rewards/shared/store/store';
import { sampleUser, signedInState } from '@rewards/shared/test/sample-user';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { loadRemoteModule } from '../federation/federation-runtime';
import { testRuntimeConfig, WithRuntimeConfig } from '../test/runtime-config';
import { RuntimeConfigContext } from './runtime-config-context';
import { VerifyEmailBannerSlot } from './verify-email-banner-slot';

jest.mock('../federation/federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
const loadRemote = jest.mocked(loadRemoteModule);
const Banner = () => <section aria-label="Verify your email">code field</section>;
const bannerSpace = (container: HTMLElement) => container.querySelector('[data-federated-reserved="mf_account/verify-email-banner"]');

function renderSlot(preloadedState: Partial<RootState>) {
  return renderWithProviders(
    <WithRuntimeConfig>
      <VerifyEmailBannerSlot />
    </WithRuntimeConfig>,
    { preloadedState },
  );
}

describe('the verify-email banner slot (above every page of a signed-in user whose email is not verified)', () => {
  beforeEach(() => loadRemote.mockResolvedValue({ default: Banner }));
  afterEach(() => jest.clearAllMocks());

  it("loads mf-account's exposed banner for a signed-in user with an unverified email", async () => {
    renderSlot(signedInState({ email_verified: false }));
    expect(await screen.findByRole('region', { name: 'Verify your email' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf_account', 'verify-email-banner');
  });

  it("holds the banner's place from the first render with an empty box no screen reader meets, then shows the banner instead", async () => {
    let answer: (module: { default: typeof Banner }) => void = () => undefined;
    loadRemote.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { container } = renderSlot(signedInState({ email_verified: false }));
    const box = bannerSpace(container);
    expect(box).toHaveClass('bannerSpace');
    expect(box).toHaveAttribute('aria-hidden', 'true');
    expect(box).toBeEmptyDOMElement();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(async () => answer({ default: Banner }));
    expect(screen.getByRole('region', { name: 'Verify your email' })).toBeInTheDocument();
    expect(bannerSpace(container)).not.toBeInTheDocument();
  });

  describe('before the session check has filled the store (the first render of a signed-in page)', () => {
    function inlineSessionAnswer(user: object) {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = 'session-answer';
      element.textContent = JSON.stringify(user);
      document.body.append(element);
    }
    afterEach(() => document.getElementById('session-answer')?.remove());

    it("holds the banner's place already when the page's session answer is a user whose email is not verified, and keeps it while the banner loads", async () => {
      let answer: (module: { default: typeof Banner }) => void = () => undefined;
      loadRemote.mockReturnValue(new Promise((resolve) => (answer = resolve)));
      inlineSessionAnswer(sampleUser({ email_verified: false }));
      const { container, store } = renderSlot({});
      expect(container.firstElementChild).toHaveClass('bannerSpace');
      expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
      expect(container.firstElementChild).toBeEmptyDOMElement();
      expect(loadRemote).not.toHaveBeenCalled();
      // The session check takes the answer out of the page and fills the store with it.
      document.getElementById('session-answer')?.remove();
      act(() => {
        store.dispatch({ type: 'api/executeQuery/fulfilled', payload: sampleUser({ email_verified: false }), meta: { arg: { endpointName: 'getProfile' } } });
      });
      expect(bannerSpace(container)).toHaveClass('bannerSpace');
      expect(loadRemote).toHaveBeenCalledWith('mf_account', 'verify-email-banner');
      await act(async () => answer({ default: Banner }));
      expect(screen.getByRole('region', { name: 'Verify your email' })).toBeInTheDocument();
      expect(container.querySelector('.bannerSpace')).not.toBeInTheDocument();
    });

    it('holds no place when the answer in the page is a verified user, nor once the session check found no one', () => {
      inlineSessionAnswer(sampleUser({ email_verified: true }));
      expect(renderSlot({}).container).toBeEmptyDOMElement();
      document.getElementById('session-answer')?.remove();
      inlineSessionAnswer(sampleUser({ email_verified: false }));
      const { container, store } = renderSlot({});
      expect(container.firstElementChild).toHaveClass('bannerSpace');
      act(() => {
        store.dispatch({ type: 'session/signedOut' });
      });
      expect(container).toBeEmptyDOMElement();
      expect(loadRemote).not.toHaveBeenCalled();
    });
  });

  it('loads nothing and holds no place for a visitor, nor for a verified user', () => {
    const visitor = renderSlot({});
    const verified = renderSlot(signedInState({ email_verified: true }));
    expect(loadRemote).not.toHaveBeenCalled();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(visitor.container).toBeEmptyDOMElement();
    expect(verified.container).toBeEmptyDOMElement();
  });

  it('goes away once the user answer says verified', async () => {
    const { store } = renderSlot(signedInState({ email_verified: false }));
    expect(await screen.findByRole('region', { name: 'Verify your email' })).toBeInTheDocument();
    act(() => {
      store.dispatch({ type: 'api/executeQuery/fulfilled', payload: sampleUser({ email_verified: true }), meta: { arg: { endpointName: 'getProfile' } } });
    });
    expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  });

  it('shows nothing when the runtime config names no banner', () => {
    renderWithProviders(
      <RuntimeConfigContext.Provider value={{ ...testRuntimeConfig, verifyEmailBanner: undefined }}>
        <VerifyEmailBannerSlot />
      </RuntimeConfigContext.Provider>,
      { preloadedState: signedInState({ email_verified: false }) },
    );
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('leaves the page as it is when mf-account is down: no banner, no notice, and its place given back', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemote.mockRejectedValue(new Error('RUNTIME-003 mf_account is down'));
    const { container } = renderSlot(signedInState({ email_verified: false }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });
});
