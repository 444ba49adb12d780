import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';
import { sampleUser } from '@rewards/shared/test/sample-user';
import { makeStore, type AppStore } from '@rewards/shared/store/store';
import { walletUpdated } from '@rewards/shared/store/session-slice';
import { setApiBase } from '@rewards/shared/api/api-base';
import { getLocale } from '@rewards/shared/translate/locale-store';
import { switchLocale } from '@rewards/shared/translate/messages';
import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { useT } from '../../messages';
import { useFollowAccountLanguage } from './follow-account-language';

function Page() {
  useFollowAccountLanguage();
  const t = useT();
  return <p>{t('nav.earn')}</p>;
}

function renderSignedIn(user: UserProfile | null): AppStore {
  const store = makeStore(user ? { session: { status: 'authenticated', user } } : { session: { status: 'unauthenticated', user: null } });
  render(
    <Provider store={store}>
      <Page />
    </Provider>,
  );
  return store;
}

let fetchMock: jest.SpyInstance;

beforeEach(() => {
  setApiBase('https://api.example.test/api');
  fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ status: 'success', data: null }));
  document.cookie = 'lang=; Path=/; Max-Age=0';
});

afterEach(async () => {
  fetchMock.mockRestore();
  setApiBase('/api');
  await act(() => switchLocale('en'));
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('a signed-in user’s language', () => {
  it('switches the page to the account’s language, keeps it in the cookie, and saves nothing', async () => {
    renderSignedIn(sampleUser({ language: 'de' }));
    expect(await screen.findByText('Verdienen')).toBeInTheDocument();
    expect(getLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toContain('lang=de');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves the page alone when the account’s language is the page’s', async () => {
    renderSignedIn(sampleUser({ language: 'en' }));
    await settle();
    expect(screen.getByText('Earn')).toBeInTheDocument();
    expect(document.cookie).not.toContain('lang=');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the page’s language to an account that has none, once', async () => {
    await act(() => switchLocale('fr'));
    const store = renderSignedIn(sampleUser({ language: null }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://api.example.test/api/user/language');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'include' });
    expect(JSON.parse(String(init.body))).toEqual({ language: 'fr' });
    expect(getLocale()).toBe('fr');
    // The user answer comes again (a wallet update, a refresh): still null there, and nothing is sent again.
    act(() => void store.dispatch(walletUpdated({ wallet: '20.00' })));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps working when saving the language fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSignedIn(sampleUser({ language: null }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await settle();
    expect(screen.getByText('Earn')).toBeInTheDocument();
  });

  it.each([
    ['a language the site does not speak', 'xx'],
    ['a tag that only looks like one', 'de-DE'],
    ['markup', '<script>alert(1)</script>'],
    ['the pseudo-language', 'en-XA'],
    ['an empty text', ''],
  ])('changes nothing for %s (%p)', async (_, language) => {
    // What an API answer could hold, whatever its type says.
    renderSignedIn(sampleUser({ language: language as never }));
    await settle();
    expect(getLocale()).toBe('en');
    expect(screen.getByText('Earn')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('changes nothing for an answer without the field (an older API) or a visitor', async () => {
    const { language: _absent, ...olderAnswer } = sampleUser();
    renderSignedIn(olderAnswer as never);
    await settle();
    renderSignedIn(null);
    await settle();
    expect(getLocale()).toBe('en');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
