import { EMBEDS } from '@rewards/shared/contracts/embeds';
import { LEADS_CHANNEL } from '@rewards/shared/contracts/realtime';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { LOCALES, PSEUDO_LOCALE } from '@rewards/shared/i18n/locales';
import { DEFAULT_FOOTER_SLOT, DEFAULT_MODAL_SLOTS, DEFAULT_VERIFY_EMAIL_BANNER_SLOT } from '@rewards/shared/contracts/slots';
import type { PusherConfig } from '../../config';

/**
 * The document the shell reads at start when no RUNTIME_CONFIG_FILE overrides it. `development`: the footer
 * offers the pseudo-language too, to find text that is cut or not translated.
 */
export function defaultRuntimeConfig(
  pusher: PusherConfig,
  { development = false, telemetrySampleRate = 1 }: { development?: boolean; telemetrySampleRate?: number } = {},
): RuntimeConfig {
  return {
    apiBase: '/api',
    remotes: [
      {
        name: 'mf_marketing',
        manifest: '/remotes/mf-marketing/mf-manifest.json',
        // /signin and /signup are the landing with an auth modal open (spec §2: "same auth screen").
        routes: [
          '/', '/ref', '/signin', '/signup', '/faq', '/contest', '/leaderboard', '/about-us', '/contact', '/terms', '/privacy',
          '/cookies', '/bonuses', '/affiliates', '/advertisers', '/careers', '/press',
        ],
      },
      { name: 'mf_earn', manifest: '/remotes/mf-earn/mf-manifest.json', routes: ['/Earn', '/offers', '/my-offers', '/search', '/tickets'] },
      { name: 'mf_cashout', manifest: '/remotes/mf-cashout/mf-manifest.json', routes: ['/Cashout'] },
      { name: 'mf_account', manifest: '/remotes/mf-account/mf-manifest.json', routes: ['/Profile', '/notifications'] },
      // The staff console: the shell loads it for staff only; for anyone else /admin is the 404 page.
      { name: 'mf_admin', manifest: '/remotes/mf-admin/mf-manifest.json', routes: ['/admin'], staffOnly: true },
    ],
    modals: { ...DEFAULT_MODAL_SLOTS },
    // Empty host and port 0 mean the page's own host and port: the gateway runs inside this server.
    realtime: { key: pusher.key, cluster: pusher.cluster, wsHost: '', wsPort: 0, forceTLS: false, channel: LEADS_CHANNEL },
    remoteTimeoutMs: 4000,
    footer: DEFAULT_FOOTER_SLOT,
    verifyEmailBanner: DEFAULT_VERIFY_EMAIL_BANNER_SLOT,
    embeds: { ...EMBEDS },
    languages: development ? [...LOCALES, PSEUDO_LOCALE] : [...LOCALES],
    telemetry: { sampleRate: telemetrySampleRate },
  };
}
