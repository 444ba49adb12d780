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

  it('loads nothing for a visitor, nor for a verified user', () => {
    renderSlot({});
    renderSlot(signedInState({ email_verified: true }));
    expect(loadRemote).not.toHaveBeenCalled();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
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

  it('leaves the page as it is when mf-account is down', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemote.mockRejectedValue(new Error('RUNTIME-003 mf_account is down'));
    renderSlot(signedInState({ email_verified: false }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
