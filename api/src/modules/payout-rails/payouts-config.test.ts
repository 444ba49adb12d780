import { ConfigError, loadConfig, productionRefusals, readEnvironment } from '../../config';
import { findRepoRoot } from '../../repo-root';
import { payoutRefusals } from './payouts-config';
import type { RailDefinition } from './rail';

const root = findRepoRoot();
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env, root);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('the payout configuration', () => {
  it('reads the rail of each method, its settings and the instant-payout rules', () => {
    const { payouts } = loadConfig(
      {
        PAYOUT_RAIL_PAYPAL: 'Simulated',
        PAYOUT_SIMULATED_BASE_URL: 'http://127.0.0.1:9/',
        PAYOUT_SIMULATED_DELAY_MS: '10',
        AUTO_PAYOUT_MAX_DOLLARS: '7.5',
        AUTO_PAYOUT_MIN_ACCOUNT_HOURS: '0',
        AUTO_PAYOUT_DAILY_DOLLARS: '30',
        PAYOUT_RETRY_LIMIT: '2',
      },
      root,
    );
    expect(payouts.rails).toMatchObject({ paypal: 'simulated', visa: 'manual' });
    expect(payouts.railConfigs.simulated).toEqual({ baseUrl: 'http://127.0.0.1:9', values: { DELAY_MS: '10' } });
    expect(payouts.instant).toEqual({ maxCoins: 7_500, minAccountHours: 0, dailyCoins: 30_000 });
    expect(payouts.retryLimit).toBe(2);
  });

  it.each([
    [{ PAYOUT_RAIL_PAYPAL: 'venmo' }, 'PAYOUT_RAIL_PAYPAL must be one of manual, simulated, paypal, tremendous, coinbase, got "venmo"'],
    [{ PAYOUT_RAIL_CHEQUE: 'manual' }, 'PAYOUT_RAIL_CHEQUE: "CHEQUE" is not a payout method; use one of STAKE, VISA, PAYPAL, LETCOIN, PAYEER'],
    [{ PAYOUT_SIMULATED_BASE_URL: 'ftp://x' }, 'PAYOUT_SIMULATED_BASE_URL must be a URL starting with https:// or http://'],
    [{ PAYOUT_SIMULATED_DELAYMS: '1' }, 'PAYOUT_SIMULATED_DELAYMS: DELAYMS is not a setting of the simulated rail; use one of BASE_URL, DELAY_MS, WEBHOOK_SECRET'],
    [{ AUTO_PAYOUT_MAX_DOLLARS: '-1' }, expect.stringMatching(/^AUTO_PAYOUT_MAX_DOLLARS must be a positive amount/)],
    [{ PAYOUT_RETRY_LIMIT: '0' }, expect.stringMatching(/^PAYOUT_RETRY_LIMIT must be a whole number of at least 1/)],
  ])('refuses %j with one line naming the variable', (env, line) => {
    expect(problemsOf(env)).toEqual([line]);
  });

  const ready = { NODE_ENV: 'production', APP_SECRET: 'own-app-secret', PUSHER_SECRET: 'own-pusher-secret', SMTP_URL: 'smtp://mail.example' };

  it('refuses the simulated rail in production, one line per method', () => {
    expect(productionRefusals(readEnvironment({ ...ready }))).toEqual([]);
    expect(productionRefusals(readEnvironment({ ...ready, PAYOUT_RAIL_PAYPAL: 'simulated', PAYOUT_RAIL_VISA: 'simulated' }))).toEqual([
      'PAYOUT_RAIL_VISA=simulated is for development only (it pays nobody): choose a provider\'s rail or manual',
      'PAYOUT_RAIL_PAYPAL=simulated is for development only (it pays nobody): choose a provider\'s rail or manual',
    ]);
    expect(productionRefusals(readEnvironment({ NODE_ENV: 'development', PAYOUT_RAIL_PAYPAL: 'simulated' }))).toEqual([]);
  });

  it('refuses an automatic rail without its required settings, once per setting', () => {
    const provider: RailDefinition = {
      name: 'acme',
      title: 'Acme',
      docs: 'https://acme.example/docs',
      methods: ['paypal', 'visa'],
      automatic: true,
      settings: [
        { name: 'API_KEY', description: 'the API key', required: true, secret: true },
        { name: 'WEBHOOK_ID', description: 'for webhooks', required: false, secret: false },
      ],
      create: () => ({ send: async () => ({ kind: 'retryable', reason: 'x' }), status: async () => ({ kind: 'unknown' }) }),
    };
    const rails = { paypal: 'acme', visa: 'acme', stake: 'manual', letcoin: 'manual', payeer: 'manual' } as const;
    expect(payoutRefusals({ rails, railConfigs: { acme: { baseUrl: '', values: {} } } }, [provider])).toEqual([
      "PAYOUT_ACME_BASE_URL is missing: PAYOUT_RAIL_PAYPAL, PAYOUT_RAIL_VISA=acme needs the provider's API address",
      'PAYOUT_ACME_API_KEY is missing: PAYOUT_RAIL_PAYPAL, PAYOUT_RAIL_VISA=acme cannot pay without it (the API key)',
    ]);
    expect(payoutRefusals({ rails, railConfigs: { acme: { baseUrl: 'https://api.acme.example', values: { API_KEY: 'k' } } } }, [provider])).toEqual([]);
  });

  it('refuses PayPal in production on its sandbox address (the default) until the live one is set', () => {
    const paypal = { ...ready, PAYOUT_RAIL_PAYPAL: 'paypal', PAYOUT_PAYPAL_CLIENT_ID: 'id', PAYOUT_PAYPAL_CLIENT_SECRET: 'secret' };
    expect(productionRefusals(readEnvironment(paypal))).toEqual([
      "PAYOUT_PAYPAL_BASE_URL is the provider's sandbox (the default): PAYOUT_RAIL_PAYPAL=paypal would pay nobody; set the live API address",
    ]);
    expect(productionRefusals(readEnvironment({ ...paypal, PAYOUT_PAYPAL_BASE_URL: 'https://api-m.paypal.com' }))).toEqual([]);
    expect(productionRefusals(readEnvironment({ ...paypal, NODE_ENV: 'development' }))).toEqual([]);
  });
});
