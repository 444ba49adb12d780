import { lazy } from 'react';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';

const ProfilePage = lazy(() => import('./pages/profile-page'));

// /signin and /signup are mf-marketing's landing with this remote's auth modal open (exposed as ./auth-modals).
const routes: RemoteRoute[] = [
  {
    path: '/Profile',
    Component: ProfilePage,
    audience: 'signed-in',
    meta: {
      title: 'Profile',
      description: 'Your level, your earnings in progress and your withdrawal history.',
      // A personal page: kept out of search results.
      noindex: true,
    },
  },
];

export default routes;
