import { ENV_SCHEMA, envDocs, loadConfig } from '../../config';
import { providerCoins, providerId, providerName } from './adapters/provider-values';
import { coinsToPayout } from '../demo-wall/postback-client';
import { DEV_POSTBACK_SECRET, isKnownWall, WALL_ADAPTERS, wallIps, wallSecret, wallTitle } from './registry';
import { signatureMatches } from './signature';

describe('wall configuration', () => {
  it('reads POSTBACK_SECRETS and POSTBACK_SECRET_<WALL>; the single variable wins', () => {
    const config = loadConfig({ POSTBACK_SECRETS: 'demo:one, Offery:two:with:colons ,', POSTBACK_SECRET_DEMO: 'three', POSTBACK_SECRET_BITLABS: ' four ' }, '/repo');
    expect(config.postbackSecrets).toEqual({ demo: 'three', offery: 'two:with:colons', bitlabs: 'four' });
  });

  it('in production, walls whose proof leaves part of the booking out need addresses; Lootably and Revlum have none until configured', () => {
    const needAddresses = WALL_ADAPTERS.filter((adapter) => adapter.requiresIpAllowlist).map((adapter) => adapter.slug);
    expect(needAddresses).toEqual(['cpx', 'torox', 'lootably', 'adgate', 'revlum']);
    const revlum = WALL_ADAPTERS.find((adapter) => adapter.slug === 'revlum')!;
    expect(wallIps({ secrets: {}, production: true }, revlum)).toEqual([]);
    expect(wallIps({ secrets: {}, ips: { revlum: ['198.51.100.7'] }, production: true }, revlum)).toEqual(['198.51.100.7']);
    // The configuration table names them all.
    const description = envDocs.get(ENV_SCHEMA.shape['POSTBACK_IPS_<WALL>'])!.description;
    expect(description).toContain(`(${needAddresses.join(', ')})`);
  });

  it('refuses a list it cannot read', () => {
    expect(() => loadConfig({ POSTBACK_SECRETS: 'demo' }, '/repo')).toThrow('POSTBACK_SECRETS: expected wall:secret pairs');
    expect(() => loadConfig({ POSTBACK_SECRETS: 'bad-slug:x' }, '/repo')).toThrow('"bad-slug" is not a wall slug');
    expect(() => loadConfig({ POSTBACK_SECRETS: 'demo:' }, '/repo')).toThrow('the secret of wall "demo" is empty');
  });

  it('turns the demo wall off in production unless DEMO_WALLS says otherwise, and seeds the sample catalog by default', () => {
    expect(loadConfig({}, '/repo')).toMatchObject({ demoWalls: true, offersSeedFile: '/repo/api/data/offers.sample.json' });
    expect(loadConfig({ NODE_ENV: 'production' }, '/repo').demoWalls).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_WALLS: '1' }, '/repo').demoWalls).toBe(true);
    expect(loadConfig({ DEMO_WALLS: '0' }, '/repo').demoWalls).toBe(false);
    expect(loadConfig({ OFFERS_SEED_FILE: 'off' }, '/repo').offersSeedFile).toBeUndefined();
    expect(loadConfig({ OFFERS_SEED_FILE: 'data/mine.json' }, '/repo').offersSeedFile).toBe('/repo/data/mine.json');
  });

  it('a wall without a key uses the development key, and none in production', () => {
    expect(wallSecret({ secrets: {}, production: false }, 'offery')).toBe(DEV_POSTBACK_SECRET);
    expect(wallSecret({ secrets: {}, production: true }, 'offery')).toBeNull();
    expect(wallSecret({ secrets: { offery: 'k' }, production: true }, 'offery')).toBe('k');
  });

  it('knows the partner walls and the configured ones, by lowercase slug', () => {
    const config = { secrets: { acme: 'k' }, production: false };
    expect(['demo', 'bitlabs', 'ayetstudios', 'bloomtask', 'notik', 'acme'].every((slug) => isKnownWall(config, slug))).toBe(true);
    expect(['Demo', 'nosuch', '__proto__', 'constructor', ''].some((slug) => isKnownWall(config, slug))).toBe(false);
    expect([wallTitle('ayetstudios'), wallTitle('acme')]).toEqual(['ayeT-Studios', 'Acme']);
  });
});

describe('postback helpers', () => {
  it('compares signatures of any case, refusing other lengths and non-hex', () => {
    const sig = 'ab'.repeat(32);
    expect(signatureMatches(sig, sig.toUpperCase())).toBe(true);
    expect(signatureMatches(sig, sig.slice(2))).toBe(false);
    expect(signatureMatches(sig, `${sig.slice(2)}zz`)).toBe(false);
    expect(signatureMatches(sig, undefined)).toBe(false);
  });

  it('writes coins as the payout of a postback', () => {
    expect([coinsToPayout(1500), coinsToPayout(4970), coinsToPayout(1239), coinsToPayout(500), coinsToPayout(119_470)]).toEqual(['1.50', '4.97', '1.239', '0.50', '119.47']);
  });

  it("reads a provider's amounts and ids", () => {
    expect([providerCoins('500'), providerCoins('512.75'), providerCoins('-500'), providerCoins('-0'), providerCoins('1e3'), providerCoins(undefined)]).toEqual([500, 512, -500, 0, null, null]);
    expect(providerCoins('99999999999')).toBeNull();
    expect([providerId(' 123 '), providerId('a b'), providerId('x'.repeat(101))]).toEqual(['123', '', '']);
    expect(providerName('Line\nbreak\u0000name')).toBe('Line break name');
  });
});
