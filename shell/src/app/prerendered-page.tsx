import { createContext, useContext } from 'react';
import styles from './prerendered-page.module.css';

/** The page the site server painted from the first response (a remote's build rendered it), by path. */
export type PrerenderedPage = { path: string; html: string };

export const PrerenderedPageContext = createContext<PrerenderedPage | null>(null);

/** Read before React mounts, which empties the mount point. */
export function takePrerenderedPage(root: HTMLElement): PrerenderedPage | null {
  const element = root.querySelector<HTMLElement>(':scope > [data-prerendered-path]');
  const path = element?.dataset.prerenderedPath;
  return element && path ? { path, html: element.innerHTML } : null;
}

/** What the remote's page looked like as prerendered, for this path only, until the remote's page replaces it. */
export function usePrerenderedPage(pathname: string): PrerenderedPage | null {
  const page = useContext(PrerenderedPageContext);
  return page && page.path === pathname ? page : null;
}

/** The same markup and classes as the remote's page: nothing moves when it takes over. */
export function PrerenderedPageView({ page }: { page: PrerenderedPage }) {
  // Markup this server sent in the page itself, already parsed once by the browser.
  return <div className={styles.page} data-prerendered="" dangerouslySetInnerHTML={{ __html: page.html }} />;
}
