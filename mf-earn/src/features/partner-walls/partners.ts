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

/** A partner's offer wall or survey wall (spec §2 partner card). */
export type PartnerWall = {
  /** Lowercase partner name; the wall is served at `/api/walls/{slug}`. */
  slug: string;
  title: string;
  /** Our own wordmark of the partner (a local file). */
  image: string;
  background: string;
  glow: string;
  /** The level a user needs to open the wall (spec §4, §9). */
  levelRequired: number;
};

/** Offer-wall partners open to every level (spec §9: "offer partners default 0"). */
const OPEN_TO_ALL = 0;

/** The fourteen offer-wall partners (spec §2). Names and marks are our own inventions. */
export const OFFER_WALL_PARTNERS: readonly PartnerWall[] = [
  { slug: 'bloomtask', title: 'Bloomtask', image: bloomtask, background: '#123524', glow: '#3ddc84', levelRequired: OPEN_TO_ALL },
  { slug: 'coinharbor', title: 'Coinharbor', image: coinharbor, background: '#0f2c45', glow: '#4fb3ff', levelRequired: OPEN_TO_ALL },
  { slug: 'questlane', title: 'Questlane', image: questlane, background: '#2c1842', glow: '#b36bff', levelRequired: OPEN_TO_ALL },
  { slug: 'pixelorchard', title: 'Pixelorchard', image: pixelorchard, background: '#3d2410', glow: '#ff9f43', levelRequired: OPEN_TO_ALL },
  { slug: 'tapmeadow', title: 'Tapmeadow', image: tapmeadow, background: '#0f3531', glow: '#2ee6c5', levelRequired: OPEN_TO_ALL },
  { slug: 'orbitoffers', title: 'Orbitoffers', image: orbitoffers, background: '#1a2452', glow: '#8ea2ff', levelRequired: OPEN_TO_ALL },
  { slug: 'lumenwall', title: 'Lumenwall', image: lumenwall, background: '#3a320c', glow: '#ffd43b', levelRequired: OPEN_TO_ALL },
  { slug: 'maplequest', title: 'Maplequest', image: maplequest, background: '#3f1518', glow: '#ff6b6b', levelRequired: OPEN_TO_ALL },
  { slug: 'ripplerewards', title: 'Ripplerewards', image: ripplerewards, background: '#0c3140', glow: '#22d3ee', levelRequired: OPEN_TO_ALL },
  { slug: 'nimbusplay', title: 'Nimbusplay', image: nimbusplay, background: '#232845', glow: '#a5b4fc', levelRequired: OPEN_TO_ALL },
  { slug: 'fernpoint', title: 'Fernpoint', image: fernpoint, background: '#1d3512', glow: '#a3e635', levelRequired: OPEN_TO_ALL },
  { slug: 'cobaltcove', title: 'Cobaltcove', image: cobaltcove, background: '#0e2550', glow: '#60a5fa', levelRequired: OPEN_TO_ALL },
  { slug: 'zestloop', title: 'Zestloop', image: zestloop, background: '#3d2408', glow: '#fb923c', levelRequired: OPEN_TO_ALL },
  { slug: 'emberdeck', title: 'Emberdeck', image: emberdeck, background: '#3d1029', glow: '#f472b6', levelRequired: OPEN_TO_ALL },
];

/** The four survey-wall partners and the levels they need (spec §9). */
export const SURVEY_WALL_PARTNERS: readonly PartnerWall[] = [
  { slug: 'offery', title: 'Offery', image: offery, background: '#0f3327', glow: '#34d399', levelRequired: 1 },
  { slug: 'excentiv', title: 'Excentiv', image: excentiv, background: '#3a2c07', glow: '#fbbf24', levelRequired: 1 },
  { slug: 'gleamads', title: 'Gleamads', image: gleamads, background: '#2d1542', glow: '#c084fc', levelRequired: 2 },
  { slug: 'notik', title: 'Notik', image: notik, background: '#0b2c40', glow: '#38bdf8', levelRequired: 3 },
];
