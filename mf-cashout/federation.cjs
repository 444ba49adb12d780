// What this remote exposes, by name: its rspack config builds them, tools/federation-types publishes their types.
module.exports = {
  name: 'mf_cashout',
  exposes: {
    './routes': './src/routes.tsx',
    // The Withdrawals tab of mf-account's Profile page (spec §2), shown there through federation; lazy like the next.
    './withdrawals-panel': './src/features/withdrawals/exposed-withdrawals-panel.ts',
    // The Earnings history tab of the Profile page (issue 29), lazy: its code loads when the tab opens.
    './earnings-history': './src/features/earnings-history/exposed-earnings-history.ts',
  },
};
