import { lazy, Suspense, type ComponentType } from 'react';
import { NavLink, Route, Routes } from '@rewards/shared/router';
import type { StaffMe } from '@rewards/shared/contracts/admin-types';
import { useT } from '../messages';
import { StaffContext } from './staff-context';
import { adminPath, sectionsFor, type SectionKey } from './sections';
import styles from './console-layout.module.css';

type Page = { path: string; Component: ComponentType };

// Each page is its own chunk: a staff member downloads the pages they open.
const PAGES: Record<SectionKey, Page[]> = {
  overview: [{ path: '', Component: lazy(() => import('../features/overview/overview-page')) }],
  users: [
    { path: 'users', Component: lazy(() => import('../features/users/users-page')) },
    { path: 'users/:id', Component: lazy(() => import('../features/users/user-page')) },
  ],
  cashouts: [{ path: 'cashouts', Component: lazy(() => import('../features/cashouts/cashouts-page')) }],
  tickets: [
    { path: 'tickets', Component: lazy(() => import('../features/tickets/tickets-page')) },
    { path: 'tickets/:id', Component: lazy(() => import('../features/tickets/ticket-page')) },
  ],
  postbacks: [
    { path: 'postbacks', Component: lazy(() => import('../features/postbacks/postbacks-page')) },
    { path: 'postbacks/:id', Component: lazy(() => import('../features/postbacks/postback-page')) },
  ],
  referrals: [{ path: 'referrals', Component: lazy(() => import('../features/referrals/referrals-page')) }],
  messages: [{ path: 'messages', Component: lazy(() => import('../features/messages/messages-page')) }],
  audit: [{ path: 'audit', Component: lazy(() => import('../features/audit/audit-page')) }],
  staff: [{ path: 'staff', Component: lazy(() => import('../features/staff/staff-page')) }],
  content: [{ path: 'content', Component: lazy(() => import('../features/content/content-page')) }],
};

const ROLE_LABELS = { support: 'admin.role.support', finance: 'admin.role.finance', admin: 'admin.role.admin' } as const;

/** The console once the staff member is in: the pages their role may use in the navigation, and nothing else routed. */
export function ConsoleLayout({ staff }: { staff: StaffMe }) {
  const t = useT();
  const sections = sectionsFor(staff.staff_role);
  return (
    <StaffContext.Provider value={staff}>
      <div className={styles.console}>
        <nav className={styles.nav} aria-label={t('admin.console.title')}>
          <p className={styles.who}>
            <span className={styles.role}>{t(ROLE_LABELS[staff.staff_role])}</span>
            <span className={styles.email}>{staff.email}</span>
          </p>
          <ul className={styles.links}>
            {sections.map((section) => (
              <li key={section.key}>
                <NavLink to={adminPath(section.path)} end={section.path === ''} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                  {t(section.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.content}>
          <Suspense fallback={<div role="status" aria-label={t('admin.console.loadingPage')} className={styles.pageLoading} />}>
            <Routes>
              {sections.flatMap((section) =>
                PAGES[section.key].map(({ path, Component }) => (path ? <Route key={path} path={path} element={<Component />} /> : <Route key="index" index element={<Component />} />)),
              )}
              <Route path="*" element={<NotInConsole />} />
            </Routes>
          </Suspense>
        </div>
      </div>
    </StaffContext.Provider>
  );
}

function NotInConsole() {
  const t = useT();
  return (
    <div className={styles.notFound}>
      <h1>{t('admin.notFound.title')}</h1>
      <p>{t('admin.notFound.text')}</p>
    </div>
  );
}
