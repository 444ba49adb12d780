import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { lazyPage } from '@rewards/shared/ui/lazy-page';
import { t } from './messages';

const ProfilePage = lazyPage(() => import('./pages/profile-page'));
const NotificationsPage = lazyPage(() => import('./pages/notifications-page'));

// /signin and /signup are mf-marketing's landing with this remote's auth modal open (exposed as ./auth-modals).
const routes: RemoteRoute[] = [
  {
    path: '/Profile',
    ...ProfilePage,
    audience: 'signed-in',
    meta: {
      title: 'Profile',
      description: 'Your level, your earnings in progress and your withdrawal history.',
      // A personal page: kept out of search results.
      noindex: true,
    },
    localMeta: () => ({ title: t('meta.profile.title'), description: t('meta.profile.description'), noindex: true }),
  },
  {
    path: '/notifications',
    ...NotificationsPage,
    audience: 'signed-in',
    meta: { title: 'Notifications', description: 'What happened to your coins, your cashouts and your account.', noindex: true },
    localMeta: () => ({ title: t('meta.notifications.title'), description: t('meta.notifications.description'), noindex: true }),
  },
];

export default routes;
