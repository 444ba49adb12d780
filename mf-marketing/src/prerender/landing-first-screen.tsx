import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { HeroSection } from '../pages/landing/hero-section';
import { SampleOffers } from '../pages/landing/sample-offers';
import { StatsBanner } from '../pages/landing/stats-banner';

/**
 * The landing's first screen, exactly as `LandingPage` begins (the OAuth banner renders nothing without an
 * error in the URL): the page that takes over adds what follows below it, so nothing above moves. `landing`:
 * the content to show (the site server renders a version published after the build), else the bundled one.
 */
export function LandingFirstScreen({ landing }: { landing: LandingContent }) {
  return (
    <>
      <HeroSection content={landing.hero} />
      <StatsBanner content={landing.stats} />
      <SampleOffers content={landing.sampleOffers} />
    </>
  );
}
