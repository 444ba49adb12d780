import type { ReactNode } from 'react';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectIsAuthenticated } from '@rewards/shared/store/session-slice';
import { GlobalLoadingBar } from '../features/loading/global-loading-bar';
import { RouteChangeOverlay } from '../features/loading/route-change-overlay';
import { LiveTickerSlot } from '../features/live-ticker/live-ticker-slot';
import { SiteHeader } from '../features/navigation/site-header';
import { OfflineOverlay } from '../features/offline/offline-overlay';
import { useLiveWallet } from '../features/realtime/use-live-wallet';
import { useRealtimeConnection } from '../features/realtime/use-realtime-connection';
import { BottomTabBar } from '../features/tab-bar/bottom-tab-bar';
import { usePreloadWhenIdle, type PrefetchRemote } from '../federation/preload-when-idle';
import { isRouteTableLoaded, loadRemoteRoutes } from '../federation/remote-routes';
import { FooterSlot } from './footer-slot';
import { LazyAlertModal } from './lazy-shell-parts';
import { usePageShown } from './page-shown';
import { useRuntimeConfig } from './runtime-config-context';
import { ShellModals } from './shell-modals';
import { useReferralCapture } from './use-referral-capture';
import { VerifyEmailBannerSlot } from './verify-email-banner-slot';
import { useT } from '../messages';
import { useFollowAccountLanguage } from '../features/language/follow-account-language';
import styles from './shell-layout.module.css';

type Props = { children: ReactNode };

// Its code comes with its first use, 2 s after the page loaded: no part of the JS a page needs to show.
const prefetchRemoteFilesLazily: PrefetchRemote = (remote) =>
  import('../federation/prefetch-remote-files').then(({ prefetchRemoteFiles }) => prefetchRemoteFiles(remote));

/** Navigation on top, the routed page in `<main>`, the tab bar below, and the site-wide overlays. */
export function ShellLayout({ children }: Props) {
  const t = useT();
  const signedIn = useAppSelector(selectIsAuthenticated);
  useReferralCapture();
  useFollowAccountLanguage();
  const config = useRuntimeConfig();
  const realtime = useRealtimeConnection(config.realtime);
  useLiveWallet(realtime);
  const pageShown = usePageShown();
  // The likely next remotes, those behind the navigation, once the page is shown; visitors only on intent (app.tsx).
  usePreloadWhenIdle({ enabled: signedIn && pageShown, remotes: config.remotes, prefetch: prefetchRemoteFilesLazily, loadRoutes: loadRemoteRoutes, isLoaded: isRouteTableLoaded });
  return (
    <div className={signedIn ? styles.shellWithTabBar : styles.shell}>
      <a className={`pill-button ${styles.skipLink}`} href="#main">
        {t('layout.skipToContent')}
      </a>
      <GlobalLoadingBar />
      <SiteHeader />
      <LiveTickerSlot connection={realtime} pageShown={pageShown} />
      <VerifyEmailBannerSlot />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <FooterSlot />
      <BottomTabBar />
      <RouteChangeOverlay />
      <ShellModals />
      <LazyAlertModal />
      <OfflineOverlay />
    </div>
  );
}
