import type { ReactNode } from 'react';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectIsAuthenticated } from '@rewards/shared/store/session-slice';
import { GlobalLoadingBar } from '../features/loading/global-loading-bar';
import { RouteChangeOverlay } from '../features/loading/route-change-overlay';
import { LiveTickerSlot } from '../features/live-ticker/live-ticker-slot';
import { SiteHeader } from '../features/navigation/site-header';
import { OfflineOverlay } from '../features/offline/offline-overlay';
import { useRealtimeConnection } from '../features/realtime/use-realtime-connection';
import { usePreloadWhenIdle, type PrefetchRemote } from '../federation/preload-when-idle';
import { isRouteTableLoaded, loadRemoteRoutes } from '../federation/remote-routes';
import { FooterSlot } from './footer-slot';
import { LazyAlertModal } from './lazy-shell-parts';
import { usePageShown } from './page-shown';
import { useRuntimeConfig } from './runtime-config-context';
import { ShellModals } from './shell-modals';
import { useReferralCapture } from './use-referral-capture';
import { SignedInSlot } from './signed-in-slot';
import { VerifyEmailBannerSlot } from './verify-email-banner-slot';
import { useT } from '../messages';
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
  const config = useRuntimeConfig();
  const realtime = useRealtimeConnection(config.realtime);
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
      {signedIn && (
        <SignedInSlot>
          {({ BottomTabBar, SignedInEffects }) => (
            <>
              <BottomTabBar />
              <SignedInEffects connection={realtime} />
            </>
          )}
        </SignedInSlot>
      )}
      <RouteChangeOverlay />
      <ShellModals />
      <LazyAlertModal />
      <OfflineOverlay />
    </div>
  );
}
