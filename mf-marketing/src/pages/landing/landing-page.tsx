import { CURRENCY_NAME } from '@rewards/shared/brand';
import { EMBEDS } from '@rewards/shared/contracts/embeds';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { openAuth } from '@rewards/shared/store/ui-slice';
import { FederatedModule } from '@rewards/shared/ui/federated-module.tsx';
import { HERO_FIGURES } from './hero-figures';
import { OauthErrorBanner } from './oauth-error-banner';
import styles from './landing-page.module.css';

// About the heights of mf-earn's sections, so the page does not jump when they arrive.
const FEATURED_SURVEYS_HEIGHT_PX = 180;
const PARTNER_WALLS_HEIGHT_PX = 420;

/** The signed-out entry page; it is measured against the 200 KB budget, so it stays free of heavy imports. */
export default function LandingPage() {
  const dispatch = useAppDispatch();
  return (
    <>
      {/* Outside the hero: the hero is its own stacking context, which would trap the banner's z-index. */}
      <OauthErrorBanner />
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={styles.inner}>
          <h1 id="landing-title" className={styles.title}>
            Get <span className={styles.accent}>paid</span> to play games, test apps and answer surveys
          </h1>
          <p className={styles.subtitle}>
            Complete offers from trusted partners, collect {CURRENCY_NAME} coins and cash out in minutes.
          </p>
          <button type="button" className={styles.cta} onClick={() => dispatch(openAuth('signup'))}>
            Start earning now
          </button>
          <dl className={styles.figures}>
            {HERO_FIGURES.map(({ value, label }) => (
              <div key={label} className={styles.figure}>
                <dt className={styles.figureLabel}>{label}</dt>
                <dd className={styles.figureValue}>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      {/* mf-earn's sections, loaded through federation (spec §2): each brings its own heading. */}
      <div className={styles.embeds}>
        <FederatedModule
          exposed={EMBEDS.featuredSurveys}
          label="Featured surveys"
          minHeight={FEATURED_SURVEYS_HEIGHT_PX}
          className={styles.embedPlaceholder}
        />
        <FederatedModule
          exposed={EMBEDS.partnerWalls}
          label="Partner walls"
          minHeight={PARTNER_WALLS_HEIGHT_PX}
          className={styles.embedPlaceholder}
        />
      </div>
    </>
  );
}
