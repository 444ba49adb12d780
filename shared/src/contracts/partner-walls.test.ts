import { PARTNER_WALLS, partnerWallsOfKind } from './partner-walls';

describe('partner walls (spec §2, §9)', () => {
  it('has 14 offer-wall partners open to every level', () => {
    const offerWalls = partnerWallsOfKind('offer');
    expect(offerWalls).toHaveLength(14);
    expect(offerWalls.every((partner) => partner.levelRequired === 0)).toBe(true);
  });

  it('has four survey-wall partners: Offery 1, Excentiv 1, Gleamads 2, Notik 3', () => {
    expect(partnerWallsOfKind('survey').map(({ name, levelRequired }) => [name, levelRequired])).toEqual([
      ['Offery', 1],
      ['Excentiv', 1],
      ['Gleamads', 2],
      ['Notik', 3],
    ]);
  });

  it('addresses each wall by its lowercase name, once', () => {
    for (const partner of PARTNER_WALLS) expect(partner.slug).toBe(partner.name.toLowerCase());
    expect(new Set(PARTNER_WALLS.map((partner) => partner.slug)).size).toBe(PARTNER_WALLS.length);
  });
});
