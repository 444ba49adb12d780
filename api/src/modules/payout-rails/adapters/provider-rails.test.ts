import { PAYOUT_METHOD_NAMES } from '@rewards/shared/contracts/payout-methods';
import { railDefinition, railPays } from '../registry';

/** The provider rails as the registry, configuration and production checks see them. */
describe('the provider rails in the registry', () => {
  it.each([
    ['paypal', 'paypal', ['CLIENT_ID', 'CLIENT_SECRET']],
    ['tremendous', 'visa', ['API_KEY', 'CAMPAIGN_ID']],
    ['coinbase', 'letcoin', ['API_KEY_ID', 'API_KEY_SECRET', 'ACCOUNT_ID']],
  ])('%s pays %s only, is automatic, never development-only, and requires %j', (name, method, required) => {
    const definition = railDefinition(name)!;
    expect(definition).toBeDefined();
    expect(definition.automatic).toBe(true);
    expect(definition.developmentOnly).toBeFalsy();
    expect(definition.defaultBaseUrl).toMatch(/^https:\/\//);
    expect(PAYOUT_METHOD_NAMES.filter((candidate) => railPays(definition, candidate))).toEqual([method]);
    expect(definition.settings.filter((setting) => setting.required).map((setting) => setting.name)).toEqual(required);
    for (const setting of definition.settings) expect(setting.name).toMatch(/^[A-Z0-9_]+$/);
    expect(definition.name).toMatch(/^[a-z0-9]+$/);
  });

  it('marks every credential secret', () => {
    const secrets = ['paypal', 'tremendous', 'coinbase'].flatMap((name) => railDefinition(name)!.settings.filter((setting) => setting.secret).map((setting) => `${name}:${setting.name}`));
    expect(secrets).toEqual(['paypal:CLIENT_SECRET', 'tremendous:API_KEY', 'tremendous:WEBHOOK_PRIVATE_KEY', 'coinbase:API_KEY_SECRET', 'coinbase:WEBHOOK_SECRET']);
  });
});
