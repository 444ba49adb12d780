import type { ExposedProps } from '@rewards/shared/contracts/exposed-module-types';
import { parseExposed } from '@rewards/shared/contracts/federated-modules';
import { FederatedModule } from '@rewards/shared/ui/federated-module.tsx';
import { useNearViewport } from '@rewards/shared/ui/use-near-viewport';
import { loadRemoteModule } from '../federation/federation-runtime';
import { useRuntimeConfig } from './runtime-config-context';
import { useT } from '../messages';
import styles from './footer-slot.module.css';
// mf-marketing's published types (dist/@mf-types) of the footer the built-in runtime config names.
import type * as SiteFooter from 'mf_marketing/site-footer';

// The footer loads once a few pixels of its place scroll into view. The page's <main> is at least a
// screen tall, so the footer always starts below the fold: a reader who never scrolls never pays for it.
const VISIBLE_PX = 8;

/**
 * The site footer, below every page: whichever remote the runtime config names (mf-marketing's). While it
 * loads, and if it cannot load, there is simply no footer: the page around it keeps working.
 */
export function FooterSlot() {
  const { footer } = useRuntimeConfig();
  return footer && parseExposed(footer) ? <FooterArea key={footer} exposed={footer} /> : null;
}

function FooterArea({ exposed }: { exposed: string }) {
  const t = useT();
  const { ref, near } = useNearViewport<HTMLDivElement>(`0px 0px -${VISIBLE_PX}px 0px`);
  return (
    <div className={styles.area} ref={ref}>
      {near ? <FederatedModule<ExposedProps<typeof SiteFooter>> exposed={exposed} props={{}} label={t('slots.footer')} placement="hidden" loader={loadRemoteModule} /> : null}
    </div>
  );
}
