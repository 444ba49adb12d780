import { lazy, Suspense, useState } from 'react';
import { isPartnerLocked, levelBalance, levelFromBalance } from '@rewards/shared/rules/level';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { selectIsAuthenticated, selectUser } from '@rewards/shared/store/session-slice';
import { openAuth } from '@rewards/shared/store/ui-slice';
import { useT } from '../../messages';
import { Shelf, ShelfItem } from '../../ui/shelf';
import { PartnerCard } from './partner-card';
import { OFFER_WALL_PARTNERS, SURVEY_WALL_PARTNERS, type PartnerWall } from './partners';
import { partnerRowStep } from './row-step';

// The wall's dialog loads when a wall is first opened: the home page shows these rows to every visitor.
const PartnerWallModal = lazy(() => import('./partner-wall-modal').then((module) => ({ default: module.PartnerWallModal })));

const rowStep = (track: HTMLElement) => partnerRowStep(track.clientWidth);

type RowProps = {
  title: string;
  lead: string;
  caption: string;
  partners: readonly PartnerWall[];
  level: number;
  onOpen: (partner: PartnerWall) => void;
};

function PartnerRow({ title, lead, caption, partners, level, onOpen }: RowProps) {
  return (
    <Shelf title={title} lead={lead} scrollStep={rowStep}>
      {partners.map((partner) => (
        <ShelfItem key={partner.slug}>
          <PartnerCard
            partner={partner}
            locked={isPartnerLocked(level, partner.levelRequired)}
            caption={caption}
            onOpen={onOpen}
          />
        </ShelfItem>
      ))}
    </Shelf>
  );
}

/**
 * Spec §2: the offer-wall and survey-wall partners, gated by the user's level. Exposed as
 * `mf_earn/partner-walls` so the home page shows the same sections through federation.
 * A visitor is asked to sign up instead: a wall opened without a session would carry spec §3's default
 * id '1' and credit someone else's completions to that account.
 */
export default function PartnerWalls() {
  const t = useT();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const level = levelFromBalance(levelBalance(user));
  const [openPartner, setOpenPartner] = useState<PartnerWall | null>(null);
  const onOpen = signedIn ? setOpenPartner : () => dispatch(openAuth('signup'));
  return (
    <>
      <PartnerRow
        title={t('walls.offers.title')}
        lead={t('walls.offers.lead')}
        caption={t('walls.offers.caption')}
        partners={OFFER_WALL_PARTNERS}
        level={level}
        onOpen={onOpen}
      />
      <PartnerRow
        title={t('walls.surveys.title')}
        lead={t('walls.surveys.lead')}
        caption={t('walls.surveys.caption')}
        partners={SURVEY_WALL_PARTNERS}
        level={level}
        onOpen={onOpen}
      />
      {openPartner ? (
        <Suspense fallback={null}>
          <PartnerWallModal partner={openPartner} onClose={() => setOpenPartner(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
