import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { lazyPage } from '@rewards/shared/ui/lazy-page';
import { t } from './messages';

const AdminConsole = lazyPage(() => import('./console/admin-console'));

/** The staff console owns `/admin` and everything under it; the shell mounts it for staff only. */
const routes: RemoteRoute[] = [
  {
    path: '/admin/*',
    ...AdminConsole,
    audience: 'signed-in',
    meta: {
      title: 'Staff console',
      description: 'Support, finance and admin work on the running site: users, cashouts, tickets, postbacks, referrals and the audit log.',
      noindex: true,
    },
    localMeta: () => ({ title: t('admin.meta.title'), description: t('admin.meta.description'), noindex: true }),
  },
];

export default routes;
