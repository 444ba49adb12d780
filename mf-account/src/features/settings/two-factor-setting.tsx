import { Suspense } from 'react';
import { lazyPage } from '@rewards/shared/ui/lazy-page';
import { useT } from '../../messages';
import styles from './two-factor-setting.module.css';

// A chunk of its own (the remote's initial JS stays within its budget), asked for as soon as Settings' code
// runs, so it is usually in by the time Settings shows.
const { Component: TwoFactorSection, preload } = lazyPage(() => import('./two-factor-section'));
void preload?.();

/** Settings' "Two-factor authentication" section, holding its place with its heading while its code loads. */
export function TwoFactorSetting() {
  const t = useT();
  return (
    <Suspense
      fallback={
        <section className={`${styles.twoFactor} ${styles.loading}`} aria-busy="true">
          <h3 className={styles.title}>{t('twoFactor.title')}</h3>
        </section>
      }
    >
      <TwoFactorSection />
    </Suspense>
  );
}
