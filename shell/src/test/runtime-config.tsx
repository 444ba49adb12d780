import type { ReactNode } from 'react';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { RuntimeConfigContext } from '../app/runtime-config-context';

/** The runtime config the site serves a visitor by default (no staff console), for component tests. */
export const testRuntimeConfig: RuntimeConfig = {
  apiBase: '/api',
  remotes: [
    { name: 'mf_marketing', manifest: '/remotes/mf-marketing/mf-manifest.json', routes: ['/', '/ref', '/faq', '/bonuses'] },
    { name: 'mf_earn', manifest: '/remotes/mf-earn/mf-manifest.json', routes: ['/Earn', '/offers', '/my-offers'] },
    { name: 'mf_cashout', manifest: '/remotes/mf-cashout/mf-manifest.json', routes: ['/Cashout'] },
    { name: 'mf_account', manifest: '/remotes/mf-account/mf-manifest.json', routes: ['/Profile', '/notifications'] },
  ],
  modals: {
    auth: 'mf_account/auth-modals',
    settings: 'mf_account/settings-modal',
    invite: 'mf_account/invite-modal',
    notifications: 'mf_account/notifications-panel',
  },
  realtime: { key: 'test', cluster: 'eu', wsHost: '', wsPort: 0, forceTLS: false, channel: 'fake-leads' },
  remoteTimeoutMs: 4000,
  footer: 'mf_marketing/site-footer',
  verifyEmailBanner: 'mf_account/verify-email-banner',
};

/** What a signed-in staff member's runtime config adds: the console. */
export const staffRuntimeConfig: RuntimeConfig = {
  ...testRuntimeConfig,
  remotes: [...testRuntimeConfig.remotes, { name: 'mf_admin', manifest: '/remotes/mf-admin/mf-manifest.json', routes: ['/admin'], staffOnly: true }],
};

export function WithRuntimeConfig({ children, config = testRuntimeConfig }: { children: ReactNode; config?: RuntimeConfig }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}
