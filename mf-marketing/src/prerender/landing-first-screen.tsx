import { LANDING } from '../content/landing-content';
import { HeroSection } from '../pages/landing/hero-section';
import { SampleOffers } from '../pages/landing/sample-offers';
import { StatsBanner } from '../pages/landing/stats-banner';

/**
 * The landing's first screen, exactly as `LandingPage` begins (the OAuth banner renders nothing without an
 * error in the URL): the page that takes over adds what follows below it, so nothing above moves.
 */
export function LandingFirstScreen() {
  return (
    <>
      <HeroSection content={LANDING.hero} />
      <StatsBanner content={LANDING.stats} />
      <SampleOffers content={LANDING.sampleOffers} />
    </>
  );
}
