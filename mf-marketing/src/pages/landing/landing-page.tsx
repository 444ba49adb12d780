import { lazy } from 'react';
import { BRAND_NAME } from '@rewards/shared/brand';
import { landingContent } from '../../content/landing-content';
import { useT } from '../../messages';
import { LazyWhenNear } from '../../ui/lazy-when-near';
import { HeroSection } from './hero-section';
import { OauthErrorBanner } from './oauth-error-banner';
import { SampleOffers } from './sample-offers';
import { StatsBanner } from './stats-banner';
import styles from './landing-page.module.css';

// About the heights of mf-earn's sections, so the page does not jump when they arrive.
const FEATURED_SURVEYS_HEIGHT_PX = 180;
const PARTNER_WALLS_HEIGHT_PX = 420;
const MORE_SECTIONS_HEIGHT_PX = 4000;
// mf-earn's sections sit below the first screen: a visitor who reads only the hero never loads mf-earn.
const EMBEDS_AHEAD_PX = 300;

// Loaded as the visitor scrolls towards them (the page's 200 KB budget is for the top).
const PartnerSections = lazy(() => import('./partner-sections'));
const MoreSections = lazy(() => import('./more-sections'));

/** The signed-out entry page (spec §1, §2 Home page): every section, top first. */
export default function LandingPage() {
  const t = useT();
  const landing = landingContent.useContent();
  return (
    <>
      {/* Outside the hero: the hero is its own stacking context, which would trap the banner's z-index. */}
      <OauthErrorBanner />
      <HeroSection content={landing.hero} />
      <StatsBanner content={landing.stats} />
      <SampleOffers content={landing.sampleOffers} />
      {/* mf-earn's sections, loaded through federation (spec §2): each brings its own heading. */}
      <div className={styles.embeds}>
        <LazyWhenNear label={t('landing.loading.embeds')} minHeight={FEATURED_SURVEYS_HEIGHT_PX + PARTNER_WALLS_HEIGHT_PX} aheadPx={EMBEDS_AHEAD_PX}>
          <PartnerSections
            featuredSurveysHeight={FEATURED_SURVEYS_HEIGHT_PX}
            partnerWallsHeight={PARTNER_WALLS_HEIGHT_PX}
            placeholderClassName={styles.embedPlaceholder}
          />
        </LazyWhenNear>
      </div>
      <LazyWhenNear label={t('landing.loading.more', { brand: BRAND_NAME })} minHeight={MORE_SECTIONS_HEIGHT_PX}>
        <MoreSections content={landing} />
      </LazyWhenNear>
    </>
  );
}
