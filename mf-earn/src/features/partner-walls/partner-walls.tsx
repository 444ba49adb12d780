import { useState } from 'react';
import { isPartnerLocked, levelBalance, levelFromBalance } from '@rewards/shared/rules/level';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { Shelf, ShelfItem } from '../../components/shelf';
import { PartnerCard } from './partner-card';
import { PartnerWallModal } from './partner-wall-modal';
import { OFFER_WALL_PARTNERS, SURVEY_WALL_PARTNERS, type PartnerWall } from './partners';
import { partnerRowStep } from './row-step';

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
 */
export default function PartnerWalls() {
  const user = useAppSelector(selectUser);
  const level = levelFromBalance(levelBalance(user));
  const [openPartner, setOpenPartner] = useState<PartnerWall | null>(null);
  return (
    <>
      <PartnerRow
        title="Offer Partners"
        lead="Offer walls with hundreds of games, apps and sign-ups each."
        caption="Offer wall"
        partners={OFFER_WALL_PARTNERS}
        level={level}
        onOpen={setOpenPartner}
      />
      <PartnerRow
        title="Survey Partners"
        lead="Share your opinion and get paid. Higher levels open more survey walls."
        caption="Survey wall"
        partners={SURVEY_WALL_PARTNERS}
        level={level}
        onOpen={setOpenPartner}
      />
      {openPartner ? <PartnerWallModal partner={openPartner} onClose={() => setOpenPartner(null)} /> : null}
    </>
  );
}
