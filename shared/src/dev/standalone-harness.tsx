import { Suspense, useEffect } from 'react';
import { NavLink, Route, Routes } from '../router';
import { BRAND_NAME, SITE_TITLE_SUFFIX } from '../brand';
import type { PageMeta, RemoteRoute } from '../contracts/remote-routes';
import { useAppSelector } from '../store/hooks';
import { selectSessionStatus } from '../store/session-slice';
import { samplePath } from './sample-path';
import styles from './standalone-harness.module.css';

type Props = {
  /** Package folder shown in the banner, e.g. `mf-earn`. */
  remoteName: string;
  routes: RemoteRoute[];
};

function StandaloneTitle({ meta }: { meta: PageMeta }) {
  useEffect(() => {
    // As the shell does: no suffix when the title already carries the brand.
    const title = meta.title.includes(BRAND_NAME) ? meta.title : `${meta.title}${SITE_TITLE_SUFFIX}`;
    document.title = `${title} (standalone)`;
  }, [meta.title]);
  return null;
}

/**
 * A minimal host for one remote during development: its routes, no shell, no guards.
 * Used by all four remotes until it moves to `@rewards/shared`.
 */
export function StandaloneHarness({ remoteName, routes }: Props) {
  const session = useAppSelector(selectSessionStatus);
  return (
    <>
      <header className={styles.banner}>
        <strong className={styles.badge}>Standalone: {remoteName}</strong>
        <nav aria-label={`Routes of ${remoteName}`} className={styles.links}>
          {routes.map(({ path, audience }) => (
            <NavLink
              key={path}
              to={samplePath(path)}
              end
              className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
              title={`Audience: ${audience}`}
            >
              {path}
            </NavLink>
          ))}
        </nav>
        <span className={styles.session}>Session: {session}</span>
      </header>
      <main>
        <Suspense fallback={<p className={styles.message}>Loading…</p>}>
          <Routes>
            {routes.map(({ path, Component, meta }) => (
              <Route
                key={path}
                path={path}
                element={
                  <>
                    <StandaloneTitle meta={meta} />
                    <Component />
                  </>
                }
              />
            ))}
            <Route
              path="*"
              element={<p className={styles.message}>This address is not a route of {remoteName}: pick one above.</p>}
            />
          </Routes>
        </Suspense>
      </main>
    </>
  );
}
