// What this remote exposes, by name: its rspack config builds them, tools/federation-types publishes their types.
module.exports = {
  name: 'mf_earn',
  exposes: {
    './routes': './src/routes.tsx',
    // For the home page (mf-marketing), loaded through federation like the shell loads routes.
    './partner-walls': './src/features/partner-walls/partner-walls.tsx',
    './featured-surveys': './src/features/featured-surveys/featured-surveys.tsx',
  },
};
