import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { faqContent } from '../../content/faq-content';
import { LiveCashouts } from '../../features/dashboard/live-cashouts';
import { CommunityVideo } from '../../features/community-video/community-video';
import { ReviewsSection } from '../../features/reviews/reviews-section';
import { BestWays } from './best-ways';
import { ClosingCall } from './closing-call';
import { HowItWorks } from './how-it-works';
import { LandingFaq } from './landing-faq';
import { PayoutStrip } from './payout-strip';
import { WhyUs } from './why-us';

/** The landing below the partner rows: a chunk of its own, loaded as the visitor scrolls towards it. */
export default function MoreSections({ content }: { content: LandingContent }) {
  return (
    <>
      <BestWays content={content.bestWays} />
      <HowItWorks content={content.howItWorks} />
      <LiveCashouts content={content.dashboard} />
      <PayoutStrip content={content.payoutMethods} />
      <CommunityVideo content={content.video} />
      <ReviewsSection content={content.reviews} />
      <WhyUs content={content.whyUs} />
      <LandingFaq content={content.faq} questions={faqContent.useContent().questions} />
      <ClosingCall content={content.closing} />
    </>
  );
}
