import { PRODUCTION_READY_ENV, runServerToExit, PROCESS_TEST_TIMEOUT_MS } from '../../test/server-process';

// The real server process refuses the simulated rail in production, like the other production refusals:
// before it opens anything, one line per problem on stderr naming the variable, exit 1.


describe('the server in production with payout rails', () => {
  it(
    'refuses the simulated rail, one line per method, and a bad rail name',
    async () => {
      const refused = await runServerToExit({ ...PRODUCTION_READY_ENV, PAYOUT_RAIL_PAYPAL: 'simulated', PAYOUT_RAIL_STAKE: 'simulated' });
      expect(refused.code).toBe(1);
      expect(refused.stderr.split('\n').filter(Boolean)).toEqual([
        "PAYOUT_RAIL_STAKE=simulated is for development only (it pays nobody): choose a provider's rail or manual",
        "PAYOUT_RAIL_PAYPAL=simulated is for development only (it pays nobody): choose a provider's rail or manual",
      ]);
      const bad = await runServerToExit({ ...PRODUCTION_READY_ENV, PAYOUT_RAIL_PAYPAL: 'venmo' });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('PAYOUT_RAIL_PAYPAL must be one of manual, simulated, paypal, tremendous, coinbase, got "venmo"');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
