import { createContext, useCallback, useContext } from 'react';
import { LIVE_STATS_COOKIE } from '@rewards/shared/constants';
import styles from './prerendered-page.module.css';

/**
 * The page the site server painted from the first response (a remote's build rendered it), by path: the very
 * nodes the browser parsed from that response, so showing them again costs no second parse.
 */
export type PrerenderedPage = {
  path: string;
  nodes: readonly Node[];
  /** The server left no room for the live earnings strip: its Live Stats cookie said off. */
  paintedWithoutLiveStats: boolean;
};

export const PrerenderedPageContext = createContext<PrerenderedPage | null>(null);

/** Read before React mounts, which takes the mount point's content out of the document. */
export function takePrerenderedPage(root: HTMLElement): PrerenderedPage | null {
  const element = root.querySelector<HTMLElement>(':scope > [data-prerendered-path]');
  const path = element?.dataset.prerenderedPath;
  return element && path ? { path, nodes: Array.from(element.childNodes), paintedWithoutLiveStats: element.hasAttribute(LIVE_STATS_COOKIE.attribute) } : null;
}

/** What the remote's page looked like as prerendered, for this path only, until the remote's page replaces it. */
export function usePrerenderedPage(pathname: string): PrerenderedPage | null {
  const page = useContext(PrerenderedPageContext);
  return page && page.path === pathname ? page : null;
}

/**
 * The same markup and classes as the remote's page: nothing moves when it takes over. The server's nodes are
 * moved in as React attaches the element, in the same commit that takes them out of the mount point, so the
 * browser never paints without them; the remote's page replaces them (with this element) once it is there.
 */
export function PrerenderedPageView({ page }: { page: PrerenderedPage }) {
  // One ref per page: a re-render does not move the nodes again.
  const showNodes = useCallback((element: HTMLDivElement | null) => element?.append(...page.nodes), [page]);
  return <div className={styles.page} data-prerendered="" ref={showNodes} />;
}
