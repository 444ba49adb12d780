import {
  type PartnerWallFacts,
  type PartnerWallKind,
  type PartnerWallSlug,
  partnerWallsOfKind,
} from '@rewards/shared/contracts/partner-walls';
import bloomtask from './logos/bloomtask.svg';
import cobaltcove from './logos/cobaltcove.svg';
import coinharbor from './logos/coinharbor.svg';
import emberdeck from './logos/emberdeck.svg';
import excentiv from './logos/excentiv.svg';
import fernpoint from './logos/fernpoint.svg';
import gleamads from './logos/gleamads.svg';
import lumenwall from './logos/lumenwall.svg';
import maplequest from './logos/maplequest.svg';
import nimbusplay from './logos/nimbusplay.svg';
import notik from './logos/notik.svg';
import offery from './logos/offery.svg';
import orbitoffers from './logos/orbitoffers.svg';
import pixelorchard from './logos/pixelorchard.svg';
import questlane from './logos/questlane.svg';
import ripplerewards from './logos/ripplerewards.svg';
import tapmeadow from './logos/tapmeadow.svg';
import zestloop from './logos/zestloop.svg';

/** How a partner's card looks: our own wordmark (a local file) on its colours, with its glow. */
type CardLook = { image: string; background: string; glow: string };

/** A partner's offer wall or survey wall as its card shows it (spec §2 partner card). */
export type PartnerWall = PartnerWallFacts & CardLook;

const CARD_LOOKS: Readonly<Record<PartnerWallSlug, CardLook>> = {
  bloomtask: { image: bloomtask, background: '#123524', glow: '#3ddc84' },
  coinharbor: { image: coinharbor, background: '#0f2c45', glow: '#4fb3ff' },
  questlane: { image: questlane, background: '#2c1842', glow: '#b36bff' },
  pixelorchard: { image: pixelorchard, background: '#3d2410', glow: '#ff9f43' },
  tapmeadow: { image: tapmeadow, background: '#0f3531', glow: '#2ee6c5' },
  orbitoffers: { image: orbitoffers, background: '#1a2452', glow: '#8ea2ff' },
  lumenwall: { image: lumenwall, background: '#3a320c', glow: '#ffd43b' },
  maplequest: { image: maplequest, background: '#3f1518', glow: '#ff6b6b' },
  ripplerewards: { image: ripplerewards, background: '#0c3140', glow: '#22d3ee' },
  nimbusplay: { image: nimbusplay, background: '#232845', glow: '#a5b4fc' },
  fernpoint: { image: fernpoint, background: '#1d3512', glow: '#a3e635' },
  cobaltcove: { image: cobaltcove, background: '#0e2550', glow: '#60a5fa' },
  zestloop: { image: zestloop, background: '#3d2408', glow: '#fb923c' },
  emberdeck: { image: emberdeck, background: '#3d1029', glow: '#f472b6' },
  offery: { image: offery, background: '#0f3327', glow: '#34d399' },
  excentiv: { image: excentiv, background: '#3a2c07', glow: '#fbbf24' },
  gleamads: { image: gleamads, background: '#2d1542', glow: '#c084fc' },
  notik: { image: notik, background: '#0b2c40', glow: '#38bdf8' },
};

function withLooks(kind: PartnerWallKind): readonly PartnerWall[] {
  return partnerWallsOfKind(kind).map((partner) => ({ ...partner, ...CARD_LOOKS[partner.slug] }));
}

/** The fourteen offer-wall partners (spec §2). */
export const OFFER_WALL_PARTNERS = withLooks('offer');

/** The four survey-wall partners and the levels they need (spec §9). */
export const SURVEY_WALL_PARTNERS = withLooks('survey');
