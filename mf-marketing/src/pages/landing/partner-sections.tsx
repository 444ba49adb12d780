import { Embed } from '@rewards/shared/ui/embed.tsx';
// mf-earn's published types (dist/@mf-types): its components' props, checked where they are mounted.
import type * as FeaturedSurveys from 'mf_earn/featured-surveys';
import type * as PartnerWalls from 'mf_earn/partner-walls';
import { useT } from '../../messages';

type Props = { featuredSurveysHeight: number; partnerWallsHeight: number; placeholderClassName?: string };

/**
 * mf-earn's sections on the landing, through federation (spec §2). A module of its own, loaded as the visitor nears
 * them: the shell cannot provide the embed component (its table names remotes, which the shell's build must not
 * know), so importing it with the landing fetched mf-marketing's own two copies of it with the page's first load.
 */
export default function PartnerSections({ featuredSurveysHeight, partnerWallsHeight, placeholderClassName }: Props) {
  const t = useT();
  return (
    <>
      <Embed<typeof FeaturedSurveys> name="featuredSurveys" props={{}} label={t('landing.embeds.featuredSurveys')} minHeight={featuredSurveysHeight} className={placeholderClassName} />
      <Embed<typeof PartnerWalls> name="partnerWalls" props={{}} label={t('landing.embeds.partnerWalls')} minHeight={partnerWallsHeight} className={placeholderClassName} />
    </>
  );
}
