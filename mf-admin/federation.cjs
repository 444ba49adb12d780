// What this remote exposes, by name: its rspack config builds them, tools/federation-types publishes their types.
module.exports = {
  name: 'mf_admin',
  exposes: {
    './routes': './src/routes.tsx',
  },
};
